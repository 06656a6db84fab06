print("authtrail-bench: not yet")
