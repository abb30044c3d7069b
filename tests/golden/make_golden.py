"""Regenerate the golden game records (run by hand, only when a rule change is intended):

    .venv/bin/python tests/golden/make_golden.py

Each file holds a game record and what its replay must reproduce: the final score sheet, the
route owners and every hand. ``tests/rules/test_golden.py`` replays them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from ttr_widgets.bots import BOTS
from ttr_widgets.rules import load_map
from ttr_widgets.rules.engine import score
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.record import to_record

HERE = Path(__file__).resolve().parent
GAMES = {
    "usa-3p": ("usa", ("Ann", "Bob", "Cy"), ("greedy", "random", "greedy"), 2024),
    "europe-4p": ("europe", ("Ann", "Bob", "Cy", "Di"), ("greedy", "greedy", "random", "greedy"),
                  1912),
}


def final_facts(game: Game) -> dict[str, object]:
    state = game.state
    return {
        "turns": state.turn,
        "owners": state.route_owners(),
        "stations": state.station_owners(),
        "hands": [p.cards for p in state.players],
        "score": score(state).to_dict(),
    }


def play(map_name: str, players: tuple[str, ...], bots: tuple[str, ...], seed: int) -> Game:
    game = Game.new(load_map(map_name), players, seed)
    rngs = [random.Random(f"golden:{seed}:{i}") for i in range(len(players))]
    while not game.state.is_over:
        who = game.state.current
        game = game.play(BOTS[bots[who]](game.state, rngs[who]).action)
    return game


def main() -> None:
    for name, (map_name, players, bots, seed) in GAMES.items():
        game = play(map_name, players, bots, seed)
        data = {"record": to_record(game), "expected": final_facts(game)}
        (HERE / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(name, len(game.actions), "actions")


if __name__ == "__main__":
    main()
