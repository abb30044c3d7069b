"""The course: lessons, the lab, and the notebooks themselves."""
