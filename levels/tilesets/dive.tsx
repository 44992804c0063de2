<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="dive" tilewidth="32" tileheight="32" tilecount="16" columns="8">
 <image source="dive.png" width="256" height="64"/>
 <tile id="0">
  <properties>
   <property name="kind" value="floor"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="kind" value="floor"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="kind" value="floor"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="kind" value="floor"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="kind" value="wall_cap"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="kind" value="wall_face"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="kind" value="wall_face"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="kind" value="door_face"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="kind" value="door_cap"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="kind" value="rug"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="kind" value="floor_shadow"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="kind" value="sconce"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="kind" value="viewport"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="kind" value="neon"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="kind" value="grate"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="kind" value="shelf"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
</tileset>
