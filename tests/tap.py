"""tap.py - the TAP-like lines of the Python test helpers, as tests/lib.sh
writes them for the shell suites: "ok N - WHAT", "not ok N - WHAT" with
the detail indented under it, and "N passed, N failed" at the end."""


class Tap:
    def __init__(self):
        self.n = self.fails = 0

    def check(self, good, what, detail=()):
        """One line for what; detail, a string or lines, if it failed."""
        self.n += 1
        if good:
            print("ok %d - %s" % (self.n, what))
            return True
        self.fails += 1
        print("not ok %d - %s" % (self.n, what))
        if isinstance(detail, str):
            detail = detail.splitlines()
        for d in detail:
            print("    " + d)
        return False

    def done(self):
        """The summary line; the exit status."""
        print("%d passed, %d failed" % (self.n - self.fails, self.fails))
        return 1 if self.fails else 0
