#!/usr/bin/env python3
"""The player's page's Content-Security-Policy (page/gunbai-orders.html).

    page_csp.py PAGE           check: exit 1 unless the policy forbids every
                               connection and names, by SHA-256, exactly the
                               page's one inline script and one style
    page_csp.py --write PAGE   put those hashes in the policy

The browser runs only the script and applies only the style whose hashes
the policy names, so an edit of either must be followed by --write (the
WebDriver test, tests/t_page.sh, fails on a page whose script does not
run)."""
import base64
import hashlib
import re
import sys

NEEDED = ["default-src 'none'", "connect-src 'none'", "form-action 'none'",
          "base-uri 'none'", "img-src data:"]


def digest(text):
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def parts(page):
    scripts = re.findall(r"<script>(.*?)</script>", page, re.S)
    styles = re.findall(r"<style>(.*?)</style>", page, re.S)
    if len(scripts) != 1 or len(styles) != 1:
        sys.exit("page_csp: want one inline <script> and one <style>")
    return digest(scripts[0]), digest(styles[0])


def main():
    write = sys.argv[1] == "--write"
    path = sys.argv[-1]
    page = open(path, encoding="utf-8").read()
    script, style = parts(page)
    m = re.search(r'<meta http-equiv="Content-Security-Policy" '
                  r'content="([^"]*)">', page)
    if not m:
        sys.exit("page_csp: %s: no Content-Security-Policy meta" % path)
    policy = m.group(1)
    want = re.sub(r"script-src '[^']*'", "script-src 'sha256-%s'" % script,
                  policy)
    want = re.sub(r"style-src '[^']*'", "style-src 'sha256-%s'" % style, want)
    if write:
        if want != policy:
            page = page.replace(policy, want, 1)
            open(path, "w", encoding="utf-8").write(page)
        return
    bad = [d for d in NEEDED if d not in policy.split("; ")]
    extra = [d for d in policy.split("; ") if d.split(" ")[0] not in
             ("default-src", "connect-src", "form-action", "base-uri",
              "img-src", "script-src", "style-src")]
    if bad or extra or want != policy or "unsafe" in policy:
        sys.exit("page_csp: %s: the policy is not what it must be:\n  %s\n"
                 "want:\n  %s\n  (missing %s, unexpected %s)"
                 % (path, policy, want, bad, extra))


main()
