"""The effect language: grammar, parser, AST, static checker, compiler and content packs.

Everything in this package is game-agnostic; a game supplies its vocabulary as a
:class:`whitedwarf.dsl.registry.Registry`.
"""
