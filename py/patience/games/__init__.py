"""One small file per game; the registry lists them explicitly."""
