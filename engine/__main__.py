from engine.cli.main import main

__all__: list[str] = []

raise SystemExit(main())
