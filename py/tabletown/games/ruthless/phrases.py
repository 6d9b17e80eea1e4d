"""Ruthless in English: names of things, and the phrasebook that turns events into log
lines. States and events hold only ids; every word a player reads is written here (or in
the prompt and the renderer, which use these names)."""

from __future__ import annotations

from typing import Any, Callable, Optional

from tabletown.engine.words import plural

from . import cards as K
from . import content as C

CHARACTER_NAMES = {
    "bat-masterson": "Bat Masterson", "charlie-ronan": "Charlie Ronan", "neal-brown": "Neal Brown",
    "al-peacock": "A. J. Peacock", "al-updegraff": "Al Updegraff", "hank-briggs": "Hank Briggs",
    "walt-skene": "Walt Skene", "jim-masterson": "Jim Masterson", "mayor-webster": "Mayor Webster",
    "tilly-burke": "Tilly Burke", "otto-kessler": "Otto Kessler", "doc-ambrose": "Doc Ambrose",
    "wash-tyler": "Wash Tyler", "buck-lawson": "Buck Lawson", "jess-harlan": "Jess Harlan",
    "ezra-boone": "Captain Ezra Boone", "prudence-hale": "Prudence Hale", "silas-crane": "Silas Crane",
    "black-jack-kettle": "Black Jack Kettle", "dutch-henry": "Dutch Henry", "curly-deane": "Curly Deane",
    "little-hawk": "Little Hawk", "pike-moran": "Pike Moran", "wyatt-earp": "Wyatt Earp",
    "virgil-earp": "Virgil Earp", "morgan-earp": "Morgan Earp", "doc-holliday": "Doc Holliday",
    "warren-earp": "Warren Earp", "sherman-mcmaster": "Sherman McMaster", "turkey-creek-jack": "Turkey Creek Jack Johnson",
    "texas-jack": "Texas Jack Vermillion", "ike-clanton": "Ike Clanton", "billy-clanton": "Billy Clanton",
    "frank-mclaury": "Frank McLaury", "tom-mclaury": "Tom McLaury", "billy-claiborne": "Billy Claiborne",
    "curly-bill": "Curly Bill Brocius", "johnny-ringo": "Johnny Ringo", "frank-stilwell": "Frank Stilwell",
    "pete-spence": "Pete Spence", "florentino-cruz": "Florentino Cruz",
}

CHARACTER_ROLES = {
    "bat-masterson": "lawman, come in on the noon train", "charlie-ronan": "friend of the Mastersons",
    "neal-brown": "deputy marshal", "al-peacock": "owner of the Lady Gay", "al-updegraff": "bartender, Peacock's kin",
    "hank-briggs": "Lady Gay bouncer", "walt-skene": "card sharp", "jim-masterson": "Bat's brother",
    "mayor-webster": "mayor of Dodge City", "tilly-burke": "dance-hall singer", "otto-kessler": "freight agent",
    "doc-ambrose": "town doctor", "wash-tyler": "trail hand on a spree", "buck-lawson": "stagecoach driver",
    "jess-harlan": "Wells Fargo guard", "ezra-boone": "retired cavalry officer", "prudence-hale": "army nurse",
    "silas-crane": "whiskey drummer", "black-jack-kettle": "road agent", "dutch-henry": "horse thief",
    "curly-deane": "road agent", "little-hawk": "scout turned outlaw", "pike-moran": "road agent",
    "wyatt-earp": "deputy U.S. marshal", "virgil-earp": "town marshal", "morgan-earp": "special policeman",
    "doc-holliday": "dentist and gambler", "warren-earp": "youngest Earp", "sherman-mcmaster": "rider",
    "turkey-creek-jack": "rider", "texas-jack": "rider", "ike-clanton": "rancher, loud in his cups",
    "billy-clanton": "youngest Clanton", "frank-mclaury": "rancher", "tom-mclaury": "rancher",
    "billy-claiborne": "cowboy", "curly-bill": "Cowboy chief", "johnny-ringo": "gunman", "frank-stilwell": "teamster",
    "pete-spence": "wood cutter", "florentino-cruz": "wood cutter",
}

WEAPON_NAMES = {
    "derringer": "Derringer", "shotgun": "Shotgun", "revolver": "Revolver", "buntline": "Buntline",
    "bow": "Bow", "repeating-rifle": "Repeating Rifle", "sharps-carbine": "Sharps Carbine",
}

TRAIT_NAMES = {
    "bowie-knife": "Bowie Knife", "cool-hand": "Cool Hand", "dirty-cheat": "Dirty Cheat", "drunk": "Drunk",
    "expert-rider": "Expert Rider", "greenhorn": "Greenhorn", "gunfighter": "Gunfighter", "law-dog": "Law Dog",
    "loud-mouth": "Loud Mouth", "lucky": "Lucky", "marksman": "Marksman", "stealthy": "Stealthy",
    "tough-as-nails": "Tough as Nails", "trigger-finger": "Trigger Finger", "yella-belly": "Yella Belly",
    "dead-eye": "Dead Eye", "fleet-footed": "Fleet-Footed", "sawbones": "Sawbones", "steady-hand": "Steady Hand",
}

TRAIT_TEXT = {
    "bowie-knife": "+2 to his card in Fisticuffs.",
    "cool-hand": "Ignores his first failed Toughness test (tick box).",
    "dirty-cheat": "Once a turn (not an action): swap a card of his hand for a random card of another player's.",
    "drunk": "−1 to hit; +2 on Toughness tests and Get Your Courage Up.",
    "expert-rider": "No −2 for firing mounted.",
    "greenhorn": "−2 to hit.",
    "gunfighter": "+1 to hit.",
    "law-dog": "Cannot shoot until an enemy has fired.",
    "loud-mouth": "Once (tick box, an action): every enemy within 12″ who sees him tests Toughness.",
    "lucky": "One re-roll of a failed roll of his own: to hit, Toughness or courage (tick box).",
    "marksman": "Aiming gives +2 instead of +1.",
    "stealthy": "−1 to hit him at long range.",
    "tough-as-nails": "One extra wound box in every location.",
    "trigger-finger": "+1 to his cards for Snap Shots.",
    "yella-belly": "−2 on Toughness tests and Get Your Courage Up.",
    "dead-eye": "Ignores soft and partial cover.",
    "fleet-footed": "Moves 8″ on foot in the open.",
    "sawbones": "Once (tick box, an action): erase one Leg, Arm or Chest box of himself or a friend in contact.",
    "steady-hand": "Fanfire hits on 9s and 10s.",
}

LOCATION_NAMES = {"leg": "Leg", "arm": "Arm", "graze": "Graze", "gut-punch": "Gut Punch", "chest": "Chest",
                  "severe": "Severe Wound"}
POSSE_NAMES = {
    "masterson": "The Masterson posse", "peacock": "The Peacock posse", "coach": "The Stagecoach",
    "bandits": "The Road Agents", "earps": "The Earps", "cowboys": "The Cowboys", "hired-guns": "Hired Guns",
    "build": "A posse of your own",
}
SCENARIO_NAMES = {"dodge-city": "Dodge City Draw (1881)", "riding-shotgun": "Riding Shotgun",
                  "gunfight": "A free gunfight", "campaign": "The Earps against the Cowboys"}
TABLE_NAMES = {"dodge-city": "Front Street, Dodge City", "wagon-road": "The wagon road", "town": "A frontier town",
               "wash": "A dry wash", "ranch": "A ranch", "canyon": "A canyon"}
LABELS = {"lady-gay": "Lady Gay", "long-branch": "Long Branch", "store": "Store", "hotel": "Hotel",
          "embankment": "Railway embankment", "depot": "Depot", "saloon": "Saloon", "bank": "Bank",
          "livery": "Livery", "jail": "Jail", "assay-office": "Assay office", "corral-office": "Corral",
          "ranch-house": "Ranch house", "barn": "Barn"}
TERRAIN_NAMES = {"building": "building", "rock": "rocks", "wagon": "wagon", "embankment": "railway embankment",
                 "fence": "fence", "scrub": "scrub", "doorway": "doorway", "trough": "water trough",
                 "haystack": "haystack", "water": "shallow water", "street": "street", "road": "road",
                 "boardwalk": "boardwalk", "rails": "rails"}
NODE_NAMES = {
    "tombstone": "Tombstone", "iron-springs": "Iron Springs", "charleston": "Charleston",
    "soldier-holes": "Soldier Holes", "clanton-ranch": "Clanton Ranch", "hereford": "Hereford",
    "galeyville": "Galeyville", "palominas-ford": "Palominas Ford", "guadalupe-canyon": "Guadalupe Canyon",
    "skeleton-canyon": "Skeleton Canyon",
}
SHOP_NAMES = {"hire": "Hire a gun", "doctor": "A doctor's visit", "fresh-horses": "Fresh horses",
              "whiskey": "A bottle of whiskey", "tracker": "A tracker", "ambush": "An ambush"}
SHOP_TEXT = {
    "hire": "A new character joins your roster for good.",
    "doctor": "One permanent wound of one character heals.",
    "fresh-horses": "Your posse starts this act on horseback.",
    "whiskey": "+1 on your Toughness tests and Get Your Courage Up this act.",
    "tracker": "Guess two places each time the Cowboys ride.",
    "ambush": "You act first on the first turn of this act.",
}
MOD_NAMES = {"aim": "aimed", "lily": "Lily Livered firer", "soft": "soft or partial cover", "hard": "hard cover",
             "mounted": "firing mounted", "close": "shotgun up close", "far": "shotgun at long range",
             "stealthy": "Stealthy target"}
VP_NAMES = {"kills": "enemies killed", "citizens-killed": "citizens killed", "citizens": "citizens in your posse",
            "updegraff": "Al Updegraff wounded (d6)",
            "bat": "Bat Masterson killed (d10)", "coach-away": "the stagecoach got away",
            "strongbox-safe": "the strongbox got through", "passengers": "passengers alive",
            "strongbox-taken": "the strongbox taken", "coach-stopped": "the stagecoach stopped",
            "standing": "men standing and steady", "field": "held the field"}
# The result screen: what each column of the score table means, and how each scenario scores.
RESULT_COLUMNS = (
    "Score and Victory points: the victory points of each posse (the same number twice).",
    "How: where those points came from, item by item.",
    "Men lost: the posse's own characters killed.",
    "Standing: the posse's characters still standing and steady at the end (not dead, Unconscious, "
    "Lily Livered or gone).",
)
VP_RULES = {
    "dodge-city": "Dodge City Draw scores +2 for each enemy killed, a d6 for wounding Al Updegraff and a d10 for "
                  "killing Bat Masterson, −2 for each citizen killed and −1 for each citizen in your posse.",
    "riding-shotgun": "Riding Shotgun scores the stagecoach 5 if it got away, 2 more if the strongbox went with it, "
                      "1 for each passenger alive and 2 for each road agent killed; the road agents 6 for the strongbox, "
                      "4 if the stagecoach did not get away and 2 for each of its people killed.",
    "showdown": "A gunfight scores +2 for each enemy killed and +1 for each of your characters still standing and "
                "steady at the end.",
}
HOLD_THE_FIELD = "A posse that holds the field (every other posse fled or was beaten) scores 3 more."
WINNER_RULE = ("The most victory points wins; a tie goes to the posse that lost fewer men, then to the one with more "
               "men standing.")
WINNER_RULE_DRAWN = ("The most victory points wins; a tie goes to the posse that lost fewer men, and a tie on both "
                     "is a draw.")
END_NAMES = {"skedaddle": "A posse skedaddled.", "beaten": "A posse has nobody left standing.",
             "mayor": "Mayor Webster calls a halt to the shooting.", "time": "Night falls on the fight.",
             "coach_away": "The stagecoach got away.", "strongbox-away": "The road agents rode off with the strongbox.",
             "escaped": "The Cowboys slipped across the border."}
SUITS = ("♣", "♦", "♥", "♠")
SUIT_NAMES = ("Clubs", "Diamonds", "Hearts", "Spades")
RANKS = {11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_NAMES = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}


def name(who: Optional[str]) -> str:
    if who is None:
        return "someone"
    if who in CHARACTER_NAMES:
        return CHARACTER_NAMES[who]
    if who in C.NAMES.by_id:
        return C.NAMES.by_id[who]["name"]
    if who.startswith(C.TYPED_NAME):
        return who[len(C.TYPED_NAME):]
    if who == "horse":
        return "a horse"
    if who == "team":
        return "the team"
    return who


def card_text(card: Optional[int]) -> str:
    """A card as players write it: "10♥", "A♠"."""
    if card is None:
        return "no card"
    r = K.rank(card)
    return f"{RANKS.get(r, str(r))}{SUITS[K.suit(card)]}"


def card_words(card: int) -> str:
    """A card as a screen reader says it: "10 of Hearts", "Ace of Spades"."""
    r = K.rank(card)
    return f"{RANK_NAMES.get(r, str(r))} of {SUIT_NAMES[K.suit(card)]}"


def seat(s: int) -> str:
    return "{seat%d}" % s


def inches(hundredths: int) -> str:
    whole, frac = divmod(abs(int(hundredths)), 100)
    tenth = (frac + 5) // 10
    if tenth == 10:
        whole, tenth = whole + 1, 0
    return f"{whole}.{tenth}″" if tenth else f"{whole}″"


def need_text(need: int) -> str:
    if need > 10:
        return "no chance"
    if need <= 1:
        return "sure hit"
    return f"{need}+"


def _who(e: dict[str, Any], key: str = "model") -> str:
    return name(e.get(key + "_who"))


# --- the phrasebook ---------------------------------------------------------------------------------
def _shot(e: dict[str, Any]) -> str:
    target = "the team" if e["target"] == "team" else _who(e, "target")
    rolls = ", ".join(str(r) for r in e["rolls"])
    kind = {"snap": "Snap Shot: ", "covered": "Got you covered! "}.get(e["kind"], "")
    if e["fan"]:
        how = f"fans a {WEAPON_NAMES[e['weapon']]} at {target} ({plural(len(e['rolls']), 'round')}, 10s hit"
        how += "" if e["need"] == 10 else f", {e['need']}s and up hit"
        how += f"; rolled {rolls})"
    else:
        cover = f", {e['cover']} cover" if e["cover"] else ""
        how = (f"shoots at {target} with a {WEAPON_NAMES[e['weapon']]} ({e['band']} range{cover}, "
               f"needs {need_text(e['need'])}; rolled {rolls})")
    hits = "no hit." if not e["hits"] else ("a hit!" if e["hits"] == 1 else f"{e['hits']} hits!")
    return f"{kind}{_who(e)} {how}: {hits}"


def _wound(e: dict[str, Any]) -> str:
    return f"{_who(e)} is hit: {e['roll']} on the wound table, {LOCATION_NAMES[e['result']]}."


def _test(e: dict[str, Any]) -> Optional[str]:
    why = {"hit": "after the hit", "friend": "as a friend falls", "horse": "as the horse is hit",
           "holler": "at the hollering"}.get(e["why"], "")
    verdict = "steady" if e["passed"] else "fails"
    return f"{_who(e)} tests Toughness {e['need']} {why}: {verdict}."


def _move(e: dict[str, Any]) -> str:
    rough = " through rough ground" if e["rough"] else ""
    return f"{_who(e)} moves {inches(e['dist'])}{rough}."


def _declare(e: dict[str, Any]) -> Optional[str]:
    target = "the team" if e["target"] == "team" else _who(e, "target")
    return f"{_who(e)} draws on {target}."


def _brawl(e: dict[str, Any]) -> str:
    a, d = _who(e, "attacker"), _who(e, "defender")
    ca, cd = e["cards"]
    if e["winner"] is None:
        return f"Fisticuffs: {a} and {d} have nothing to fight with and glare at each other."
    winner = a if e["winner"] == e["attacker"] else d
    loser = d if winner == a else a
    low = ""
    if ca is not None and cd is not None and (
            (K.rank(ca) == 2 and K.suit(ca) == K.suit(cd)) or (K.rank(cd) == 2 and K.suit(cd) == K.suit(ca))):
        low = " with a Low Blow"
    return (f"Fisticuffs: {a} plays {card_text(ca)}, {d} plays {card_text(cd)}. {winner} wins{low}; "
            f"{loser} is knocked back 2″.")


def _order(e: dict[str, Any]) -> str:
    parts = [f"{seat(s)} {card_text(c)}" for s, c in zip(e["order"], e["cards"])]
    return "Initiative: " + ", ".join(parts) + "."


def _vp(e: dict[str, Any]) -> str:
    what = "for wounding Al Updegraff" if e["why"] == "updegraff" else "for killing Bat Masterson"
    return f"{seat(e['seat'])} rolls {e['points']} victory points {what}."


def _courage(e: dict[str, Any]) -> str:
    with_card = f" with {card_text(e['card'])}" if e["card"] is not None else ""
    if e["roll"] is None:
        return f"{_who(e)} takes a shot of whiskey ({card_text(e['card'])}) and gets the courage up."
    verdict = "steady again" if e["passed"] else "still shaking"
    return f"{_who(e)} tries to Get Your Courage Up{with_card}: rolled {e['roll']}, needs {e['need']}: {verdict}."


def _buy(e: dict[str, Any]) -> str:
    what = SHOP_NAMES[e["item"]]
    extra = f" ({name(e['pick'])})" if e["pick"] else ""
    return f"{seat(e['seat'])} spends {e['cost']} Silver Dollars: {what}{extra}."


def _build(e: dict[str, Any]) -> str:
    s = seat(e["seat"])
    what = e["what"]
    if what == "add":
        return f"{s} adds a blank character card."
    if what == "ready":
        return f"{s}'s posse of {e['count']} is ready."
    if what == "edit":
        return f"{s} picks up a character card."
    if what == "rename":
        return f"{s} names the character {name(e['name'])}."
    if what == "toughness":
        return f"{s} sets Toughness {e['value']}."
    if what == "weapon":
        return f"{s} changes weapons ({WEAPON_NAMES[e['weapon']]})."
    if what == "trait":
        return f"{s} changes traits ({TRAIT_NAMES[e['trait']]})."
    return f"{s} tears up a character card."


def men(n: int) -> str:
    return f"{n} {'man' if n == 1 else 'men'}"


def _skedaddle_roll(e: dict[str, Any]) -> str:
    verdict = "they run" if e["roll"] <= e["down"] else "they stand"
    return (f"End of turn: {seat(e['seat'])} rolls {e['roll']} to Skedaddle, against {men(e['down'])} dead, "
            f"Lily Livered or Unconscious (a roll of {e['down']} or less runs): {verdict}.")


def _over(e: dict[str, Any]) -> str:
    return END_NAMES.get(e["why"], "The gunfight is over.")


# Every event type a move can make, for the kit's joiner (Rules.phrase); None: told by nothing
# (a die, a private card, a deal), so the line leaves it out.
PHRASES: dict[str, Callable[[dict[str, Any]], Optional[str]]] = {
    "pick": lambda e: f"{seat(e['seat'])} places a card face down.",
    "order": _order,
    "revive": lambda e: f"{seat(e['seat'])}'s Ace or 4 brings {plural(len(e['models']), 'Unconscious man', 'Unconscious men')} round.",
    "seven": lambda e: f"{seat(e['seat'])} played a 7: one character may take a third action.",
    "end": lambda e: f"{seat(e['seat'])} ends the activation.",
    "hold": lambda e: f"{_who(e)} holds.",
    "move": _move,
    "aim": lambda e: f"{_who(e)} takes aim.",
    "covering": lambda e: f"{_who(e)} says \"Got you covered!\"",
    "declare": _declare,
    "shot": _shot,
    "shot_lost": lambda e: f"{_who(e)}'s shot is lost.",
    "reload": lambda e: f"{_who(e)} reloads the {WEAPON_NAMES[e['weapon']]} ({plural(e['rounds'], 'round')}).",
    "board": lambda e: f"{_who(e)} climbs aboard the stagecoach.",
    "alight": lambda e: f"{_who(e)} gets down from the stagecoach.",
    "mount": lambda e: f"{_who(e)} mounts a horse.",
    "dismount": lambda e: f"{_who(e)} dismounts.",
    "reins": lambda e: f"{_who(e)} takes the reins.",
    "courage": _courage,
    "holler": lambda e: f"{_who(e)} hollers a threat across the street.",
    "patch": lambda e: f"{_who(e)} patches up {_who(e, 'friend')} ({LOCATION_NAMES[e['location']]}).",
    "cheat": lambda e: f"{_who(e)} palms a card and swaps it with {seat(e['victim'])}.",
    "cheat_cards": lambda e: None,
    "whip": lambda e: f"{_who(e)} whips the team.",
    "drive": lambda e: f"{_who(e)} drives the stagecoach on{' at a gallop' if e['whipped'] else ''}.",
    "rammed": lambda e: f"The stagecoach runs down {_who(e)}!",
    "coach_away": lambda e: "The stagecoach thunders off the east edge!",
    "team_hit": lambda e: "The team is hit" + (": a pair of horses goes down." if e["pair_dead"] else "."),
    "strongbox": lambda e: {"grabbed": f"{_who(e)} grabs the strongbox!",
                            "dropped": f"{_who(e)} drops the strongbox."}[e["what"]],
    "escape": lambda e: f"{_who(e)} rides off the {e['edge']} edge with the strongbox!",
    "discard": lambda e: f"{seat(e['seat'])} discards {card_text(e['card'])}.",
    "no_snap": lambda e: f"{seat(e['seat'])} lets it go.",
    "no_cover": lambda e: f"{seat(e['seat'])} holds fire.",
    "keep": lambda e: f"{seat(e['seat'])} keeps the rest of the hand.",
    "select": lambda e: f"{_who(e)} steps up.",
    "snap": lambda e: f"{_who(e)} plays {card_text(e['card'])} for a Snap Shot!",
    "snap_dash": lambda e: f"{_who(e)} plays {card_text(e['card'])} and dives for cover.",
    "adjust": lambda e: (f"{_who(e)} moves the wound roll {'up' if e['by'] > 0 else 'down'} to {e['roll']}."
                         if e["by"] else f"{_who(e)} keeps the wound roll of {e['roll']}."),
    "covered_shot": lambda e: None,
    "brawl_pick": lambda e: f"{seat(e['seat'])} picks a card for Fisticuffs.",
    "engage": lambda e: f"{_who(e, 'attacker')} runs into {_who(e, 'defender')}: Fisticuffs!",
    "brawl": _brawl,
    "joined": lambda e: f"{_who(e)} joins {seat(e['seat'])}'s posse.",
    "citizen": lambda e: f"The shooting brings {_who(e)} into the street, for {seat(e['seat'])}.",
    "horse_hit": lambda e: f"A horse is hit ({e['hits']} of 3).",
    "horse_dead": lambda e: "The horse goes down.",
    "thrown": lambda e: f"{_who(e)} is thrown to the ground.",
    "wound": _wound,
    "killed": lambda e: f"{_who(e)} is killed.",
    "down": lambda e: f"{_who(e)} is knocked Unconscious.",
    "lily": lambda e: f"{_who(e)} turns Lily Livered!",
    "flee": lambda e: f"{_who(e)} runs for cover.",
    "test": _test,
    "trait": lambda e: f"({_who(e)} is {TRAIT_NAMES[e['trait']]}.)",
    "vp": _vp,
    "deal": lambda e: None,
    "shuffle": lambda e: "The discards are shuffled into a new deck.",
    "turn": lambda e: f"Turn {e['turn']}.",
    "turn_end": lambda e: None,
    "beaten": lambda e: f"{seat(e['seat'])} has nobody left standing.",
    "skedaddle_roll": _skedaddle_roll,
    "skedaddle": lambda e: f"{seat(e['seat'])}'s men skedaddle!",
    "over": _over,
    "roll": lambda e: None,
    "reveal": lambda e: None,
    "build": _build,
    "ready": lambda e: f"{seat(e['seat'])} is ready.",
    "buy": _buy,
    "ride": lambda e: f"{seat(e['seat'])} rides one space toward the border, in secret.",
    "guess": lambda e: f"{seat(e['seat'])} guesses {NODE_NAMES[e['at']]}.",
    "wrong_guess": lambda e: "Wrong: the trail goes cold, and the Cowboys ride on.",
    "escaped": lambda e: f"The Cowboys were at {NODE_NAMES[e['at']]} and cross into Mexico.",
    "showdown": lambda e: f"Showdown at {NODE_NAMES[e['at']]}!",
}
