"""One subpackage per rulebook. Games are imported only when played (see ``catalogue.toml``)."""
