"""Entry point of the page (PyScript runs this file)."""

from table.app import main

main()
