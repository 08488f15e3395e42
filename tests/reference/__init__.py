"""Independent reference models of the rules, compared with the engine."""
