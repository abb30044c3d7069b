"""``ttr notebooks DIR``: the kit's notebooks written for JupyterLab, a learner's changes kept."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ttr_widgets.cli import main
from ttr_widgets.commands.notebooks import MANIFEST, fingerprint, write_notebooks

REPO = Path(__file__).resolve().parents[2]
KIT = REPO / "notebooks"
LESSON = "01-Board-and-Goal.ipynb"


def kit_names() -> list[str]:
    return sorted(path.name for path in KIT.glob("*.ipynb"))


def edit_first_code_cell(path: Path, text: str) -> None:
    notebook = json.loads(path.read_text())
    cell = next(cell for cell in notebook["cells"] if cell["cell_type"] == "code")
    cell["source"] = text
    path.write_text(json.dumps(notebook))


def test_a_fresh_folder_gets_every_notebook_of_the_kit(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "course" / "ttr"
    assert main(["notebooks", str(target)]) == 0
    out = capsys.readouterr().out
    assert sorted(path.name for path in target.glob("*.ipynb")) == kit_names()
    for name in kit_names():
        assert (target / name).read_bytes() == (KIT / name).read_bytes()
        assert f"written  {name}" in out
    assert f"jupyter lab {target}" in out
    assert "Play.ipynb" in out.splitlines()[-1]


def test_running_it_again_finds_everything_up_to_date(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["notebooks", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["notebooks", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.count("up to date") == len(kit_names())
    assert "written" not in out and "Kept" not in out


def test_an_existing_folder_keeps_its_other_files(tmp_path: Path) -> None:
    (tmp_path / "my-notes.ipynb").write_text("{}")
    (tmp_path / "data.csv").write_text("a,b\n")
    outcomes = write_notebooks(tmp_path)
    assert {outcome.action for outcome in outcomes} == {"written"}
    assert (tmp_path / "my-notes.ipynb").read_text() == "{}"
    assert (tmp_path / "data.csv").read_text() == "a,b\n"


def test_a_changed_notebook_is_kept_and_named_and_force_overwrites_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_notebooks(tmp_path)
    edit_first_code_cell(tmp_path / LESSON, "print('my own experiment')")
    changed = (tmp_path / LESSON).read_text()
    assert main(["notebooks", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert f"kept  {LESSON}" in out
    assert (f"Kept 1 notebook you changed ({LESSON}); rerun with --force to overwrite it "
            "with the kit's.") in out
    assert (tmp_path / LESSON).read_text() == changed
    assert main(["notebooks", str(tmp_path), "--force"]) == 0
    assert f"overwritten  {LESSON}" in capsys.readouterr().out
    assert (tmp_path / LESSON).read_bytes() == (KIT / LESSON).read_bytes()


def test_running_a_notebook_or_saving_its_metadata_is_not_a_change(tmp_path: Path) -> None:
    write_notebooks(tmp_path)
    notebook = json.loads((tmp_path / LESSON).read_text())
    notebook["metadata"]["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            cell["execution_count"] = 1
            cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "hi\n"}]
    (tmp_path / LESSON).write_text(json.dumps(notebook))
    assert fingerprint((tmp_path / LESSON).read_text()) == fingerprint((KIT / LESSON).read_text())
    outcome = {o.name: o.action for o in write_notebooks(tmp_path)}
    assert outcome[LESSON] == "up to date"


def test_a_new_kit_refreshes_untouched_notebooks_and_keeps_changed_ones(tmp_path: Path) -> None:
    old_kit, target = tmp_path / "old-kit", tmp_path / "learner"
    shutil.copytree(KIT, old_kit)
    edit_first_code_cell(old_kit / "Play.ipynb", "1 + 1")
    edit_first_code_cell(old_kit / LESSON, "2 + 2")
    write_notebooks(target, source=old_kit)
    edit_first_code_cell(target / LESSON, "my answer")
    outcome = {o.name: o.action for o in write_notebooks(target, source=KIT)}
    assert outcome["Play.ipynb"] == "refreshed"
    assert (target / "Play.ipynb").read_bytes() == (KIT / "Play.ipynb").read_bytes()
    assert outcome[LESSON] == "kept"
    assert "my answer" in (target / LESSON).read_text()
    assert set(outcome.values()) == {"refreshed", "kept", "up to date"}
    # the manifest still remembers the old kit's lesson: the learner's change stays a change
    assert json.loads((target / MANIFEST).read_text())[LESSON] == fingerprint(
        (old_kit / LESSON).read_text())


def test_a_notebook_that_was_there_before_counts_as_changed(tmp_path: Path) -> None:
    (tmp_path / "Play.ipynb").write_text("not even json")
    outcome = {o.name: o.action for o in write_notebooks(tmp_path)}
    assert outcome["Play.ipynb"] == "kept"
    assert (tmp_path / "Play.ipynb").read_text() == "not even json"


def test_a_file_in_the_way_is_one_line_and_exit_2(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("x")
    assert main(["notebooks", str(tmp_path / "file")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("ttr: error: DIR ") and "not a directory" in err
