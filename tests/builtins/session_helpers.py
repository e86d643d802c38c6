"""A helper of the builtin tests that read and write files."""


def run(session, code):
    """Execute ``code`` in ``session``, which must raise no MATLAB error; its ExecResult (the output)."""
    r = session.execute(code)
    assert r.error is None, r.error
    return r
