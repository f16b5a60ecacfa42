from services.runtime.serve import main

from . import GAME

main(GAME)
