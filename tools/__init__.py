"""The build's jobs, one module each, under build.py's command line (common, vendor,
startup, website, card_faces, first_paint, serve, icons, testenv), beside the project's
own scripts (winnable.py, reliability.py, golden_saves.py …)."""
