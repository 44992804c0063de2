"""The campaign on screen: save slots, the cantinas as walkable rooms, the game tables sat at in the campaign,
the loan shark, the journal with replays, and the result of each sitting.

Entry point: :class:`game.ui.campaign.slots.SlotMenu` (the title's Campaign button). The campaign's rules and
books live in ``game.campaign``; this package only shows them and passes the player's choices on.
"""
