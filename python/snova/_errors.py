class Error(ValueError):
    """A malformed key or argument, or an operation the library refused; its
    message says which."""
