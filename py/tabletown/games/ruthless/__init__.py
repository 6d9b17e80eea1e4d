"""Ruthless: Wild West gunfights on an inch-measured table, hit by hit and wound by wound."""

from tabletown.engine.spec import Choice, Flag, GameSpec

POSSES = ("earps", "cowboys", "masterson", "peacock", "coach", "bandits", "hired-guns", "build",
          "saved-1", "saved-2", "saved-3", "saved-4")
POSSE_LABELS = ("The Earps", "The Cowboys", "The Masterson posse", "The Peacock posse", "The Stagecoach",
                "The Road Agents", "Hired Guns", "Build one in the posse editor",
                "Saved posse 1", "Saved posse 2", "Saved posse 3", "Saved posse 4")
_POSSE_HELP = "For a free gunfight: a ready-made posse, one built in the posse editor, or one saved from an earlier gunfight."
_FREE_GUNFIGHT = ("scenario", ("gunfight",))  # the table and the posses are chosen only for a free gunfight

SPEC = GameSpec(
    id="ruthless",
    title="Ruthless",
    tagline="Wild West gunfights, hit by hit and wound by wound. 2–4 posses.",
    blurb=("Gunfights on a table measured in inches: cards for initiative and Snap Shots, a d10 to hit, "
           "wounds by location and nerve that breaks. Dodge City Draw and Riding Shotgun for two posses, "
           "a free gunfight for two to four, and the Earps against the Cowboys across the territory."),
    seats=(2, 4),
    outcome="ranked",
    secrets=True,
    campaign=True,
    seat_word="posse",
    options=(
        Choice("scenario", "Scenario", ("dodge-city", "riding-shotgun", "gunfight", "campaign"), "dodge-city",
               labels=("Dodge City Draw (1881), two posses", "Riding Shotgun, two posses",
                       "A free gunfight, two to four posses", "The campaign: the Earps against the Cowboys, two posses"),
               choice_seats=((2,), (2,), (), (2,)),
               help="Dodge City Draw, Riding Shotgun and the campaign are for two posses."),
        Choice("table", "Table for a free gunfight", ("town", "wash", "ranch", "canyon"), "town",
               labels=("A frontier town", "A dry wash", "A ranch", "A canyon"), only_with=_FREE_GUNFIGHT),
        Choice("posse1", "First posse (free gunfight)", POSSES, "earps", labels=POSSE_LABELS, help=_POSSE_HELP,
               only_with=_FREE_GUNFIGHT),
        Choice("posse2", "Second posse (free gunfight)", POSSES, "cowboys", labels=POSSE_LABELS, help=_POSSE_HELP,
               only_with=_FREE_GUNFIGHT),
        Choice("posse3", "Third posse (free gunfight)", POSSES, "masterson", labels=POSSE_LABELS, for_seats=(3, 4),
               help=_POSSE_HELP, only_with=_FREE_GUNFIGHT),
        Choice("posse4", "Fourth posse (free gunfight)", POSSES, "bandits", labels=POSSE_LABELS, for_seats=(4,),
               help=_POSSE_HELP, only_with=_FREE_GUNFIGHT),
        Flag("small", "Small gunfight: each initiative card activates one model", default=False,
             help="The design guide's option for small gunfights: a round of initiative for every model."),
    ),
    # 2: points found at a distance (suggested Moves and Drives, runs to cover, the push of
    # Fisticuffs, a charge's landing) are whole hundredths never further than the rule allows,
    # so the stagecoach's suggested turns roll their full 6″; a picked character who has done
    # nothing yet is not swapped by another pick (Undo takes the pick back). Games begun under
    # 1 keep its suggestions and picks.
    # 3: the ready-made Cowboys posse rides with Johnny Ringo in Billy Claiborne's place (with
    # Claiborne the Earps won 63 % of 200 free gunfights between old hands; with Ringo 49 % of
    # 300). Games begun under 1 or 2 keep Claiborne.
    # 4: Dirty Cheat is a trait, not an action: his once-a-turn swap leaves a character his two
    # actions (and his aim and Got You Covered!). Games begun under 1 to 3 keep the swap as an
    # action.
    # 5: in Dodge City Draw Al Updegraff starts in the hotel's doorway and Walt Skene in the Long
    # Branch's, across the street from Bat Masterson (Masterson won 62 % of 200 games between old
    # hands when Updegraff, whose first wound scores d6, stood there). Games begun under 1 to 4
    # keep the old places.
    # 6: in Riding Shotgun Curly Deane and Dutch Henry wait 3″ further west, beside their rocks
    # with the road below them in sight, not behind them (the coach's side won 59 % of 1,200
    # games between old hands; with them moved 51 %). Games begun under 1 to 5 keep the old
    # places.
    # 7: the ready-made posses of a free gunfight fight the Earps about evenly (between old hands
    # the Masterson posse won 72 % of 200 free gunfights in the town against them, the Peacock
    # posse 43 % of 400, the Hired Guns 80 %, the Road Agents 76 %, the Stagecoach 33 %): Doc
    # Ambrose rides with the Mastersons in Neal Brown's place, Wash Tyler joins the Peacocks, the
    # Hired Guns ride without Johnny Ringo and the Road Agents without Black Jack Kettle, and Turkey
    # Creek Jack rides beside the Stagecoach. Games begun under 1 to 6 keep the old posses.
    # 8: a Move to a point within reach of two enemies runs into the one it is nearest, not the
    # first in the table's order (a suggested charge whose landing also touched a man lying beside
    # its target ran at him instead, on another line, and could be refused as too far; a bot
    # offered it stopped the game). Games begun under 1 to 7 keep the old contact.
    # 9: a free gunfight of three posses has deployment areas of its own on every table (in the
    # areas of a game of four, the third posse stood between the other two and won 20-31 % where
    # a third is even; the dry wash's game of three keeps those, as nothing tried did better); the
    # town's and the dry wash's third and fourth areas moved to even a game of four. Games begun
    # under 1 to 8 keep the old areas.
    # 10: in Dodge City Draw a tie on victory points and men lost is a draw (before, more men
    # standing won it, so a fight in which nobody fell was always the Peacocks', four to three).
    # 11: in Riding Shotgun Dutch Henry waits where versions 1 to 5 had him, 3″ further east (Curly
    # Deane stays where 6 put him): between equal experts the coach's side won 44.0 % of 200 with
    # both moved, 54.5 % with Curly Deane alone. Games begun under 6 to 10 keep him where he was.
    rules_version=11,
    replays=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
    ready=True,
)
