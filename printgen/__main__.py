from printgen.cli import main

raise SystemExit(main())
