"""The menu scenes: title, quick-table setup, rules, settings, results, hot-seat curtain, table menu."""
