"""Products: thin compositions of spec -> layout -> render that write output files."""
