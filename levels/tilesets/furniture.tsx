<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="furniture" tilewidth="32" tileheight="32" tilecount="56" columns="8">
 <image source="furniture.png" width="256" height="224"/>
 <tile id="0">
  <properties>
   <property name="kind" value="bar_left"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="kind" value="bar_mid"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="kind" value="bar_right"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="kind" value="bar_taps"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="kind" value="stool"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="kind" value="crate"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="kind" value="barrel"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="kind" value="plant"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="kind" value="table_green"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="kind" value="table_green"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="kind" value="table_green"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="kind" value="table_red"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="kind" value="table_red"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="kind" value="table_red"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="kind" value="standing_lamp"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="kind" value="crate_stack"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="kind" value="table_green"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="kind" value="table_green"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="kind" value="table_green"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="kind" value="table_red"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="kind" value="table_red"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="kind" value="table_red"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="kind" value="bottle_crate"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="kind" value="hanging_lamp"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="kind" value="table_green"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="kind" value="table_green"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="kind" value="table_green"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="kind" value="table_red"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="kind" value="table_red"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="kind" value="table_red"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
   <property name="kind" value="booth"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
   <property name="kind" value="plush_stool"/>
  </properties>
 </tile>
 <tile id="32">
  <properties>
   <property name="kind" value="glow"/>
  </properties>
 </tile>
 <tile id="33">
  <properties>
   <property name="kind" value="glow"/>
  </properties>
 </tile>
 <tile id="34">
  <properties>
   <property name="kind" value="glow"/>
  </properties>
 </tile>
 <tile id="37">
  <properties>
   <property name="kind" value="shadow"/>
  </properties>
 </tile>
 <tile id="38">
  <properties>
   <property name="kind" value="side_table"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="39">
  <properties>
   <property name="kind" value="spot_glow"/>
  </properties>
 </tile>
 <tile id="40">
  <properties>
   <property name="kind" value="glow"/>
  </properties>
 </tile>
 <tile id="41">
  <properties>
   <property name="kind" value="glow"/>
  </properties>
 </tile>
 <tile id="42">
  <properties>
   <property name="kind" value="glow"/>
  </properties>
 </tile>
 <tile id="48">
  <properties>
   <property name="kind" value="glow"/>
  </properties>
 </tile>
 <tile id="49">
  <properties>
   <property name="kind" value="glow"/>
  </properties>
 </tile>
 <tile id="50">
  <properties>
   <property name="kind" value="glow"/>
  </properties>
 </tile>
</tileset>
