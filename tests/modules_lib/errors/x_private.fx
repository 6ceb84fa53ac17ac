def helper() -> f64:
    return 1.0
