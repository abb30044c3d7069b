"""The widgets: the play app, lesson boards, scorer and explorer built and driven headless."""
