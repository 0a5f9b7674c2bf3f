"""Pure game logic for Referee: no Discord, database or image code may be imported here."""
