#!/usr/bin/python3
"""The player's page (page/gunbai-orders.html) in real Chromium, driven
through WebDriver (chromedriver, python3-selenium): tests/t_page.sh.

    page_test.py PAGE GUNBAI DIR

DIR holds, for each game G of the five, G.yaml (a state where a player
owes orders), G.player (that player's name), G.json and G.svg (their
reports), and the keys NAME.key (made by openssl genpkey) and NAME.pub.
One browser session for all five games.  For each: open the page from
file://, load the report, compose a whole answer by clicking the offered
orders (the longest complete answer the report lists, up to 4 orders),
sign with the player's key, save both files, and `gunbai check` accepts
them; the saved orders.yaml is the bytes the page showed.  Besides: a
wrong key and a file that is no key are refused with a clear message;
one game's answer is typed with the keyboard; the page fits a phone's
width (390 px); every text's colours pass WCAG AA contrast; and the
browser's network log holds no request but the page's own file (a
request made on purpose at the end shows that the log sees requests).
Prints TAP lines."""
import json
import os
import shutil
import subprocess
import sys
import time

import chromium

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

GAMES = ["senjin", "japanese-swords", "senshiai", "sensoufuda",
         "shinobi-wars"]
n = 0
fails = 0


def ok(cond, what, detail=""):
    global n, fails
    n += 1
    if cond:
        print("ok %d - %s" % (n, what))
    else:
        fails += 1
        print("not ok %d - %s" % (n, what))
        for line in str(detail).splitlines()[:30]:
            print("    " + line)
    sys.stdout.flush()
    return cond


def wait(pred, what, timeout=10):
    end = time.time() + timeout
    while time.time() < end:
        v = pred()
        if v:
            return v
        time.sleep(0.05)
    raise TimeoutError(what)


def path_to_complete(node, depth=4):
    """The longest list of orders (at most depth) that the tree lists as
    a complete answer, the first of that length in the game's order."""
    best = None
    for c in node.get("next") or []:
        if c["complete"]:
            p = [c["order"]]
        elif depth > 1:
            sub = path_to_complete(c, depth - 1)
            p = [c["order"]] + sub if sub is not None else None
        else:
            p = None
        if p is not None and (best is None or len(p) > len(best)):
            best = p
    return best


def text(d, id_):
    return d.find_element(By.ID, id_).text


def load(d, page, files, fresh=True):
    """Open the page and load files; fresh: as in a new tab, without the
    orders the page kept for the tab (sessionStorage)."""
    d.get(page)
    if fresh:
        d.execute_script("sessionStorage.clear()")
    d.find_element(By.ID, "report-file").send_keys("\n".join(files))
    wait(lambda: text(d, "load-status"), "the report loads")


def click_order(d, order):
    for b in d.find_elements(By.CSS_SELECTOR, "#offers button"):
        if b.get_attribute("data-order") == order:
            b.click()
            return True
    return False


def saved(downloads, name):
    p = os.path.join(downloads, name)
    wait(lambda: os.path.exists(p) and not os.path.exists(p + ".crdownload")
         and os.path.getsize(p) > 0, "%s saved" % name)
    return p


def sign(d, key):
    d.find_element(By.ID, "key-file").send_keys(key)
    d.find_element(By.ID, "sign-button").click()
    return wait(lambda: text(d, "sign-status"), "signing says something")


CONTRAST_JS = r"""
function rgb(s) { const m = s.match(/[\d.]+/g).map(Number);
  return { r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1 }; }
function lum(c) { const f = (v) => { v /= 255;
  return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); }
function bg(e) { for (; e; e = e.parentElement) {
  const c = rgb(getComputedStyle(e).backgroundColor);
  if (c.a > 0) return c; } return { r: 255, g: 255, b: 255, a: 1 }; }
const out = [];
for (const e of document.querySelectorAll('body *')) {
  if (!e.offsetParent && getComputedStyle(e).position !== 'fixed') continue;
  let own = false;
  for (const t of e.childNodes) if (t.nodeType === 3 && t.data.trim()) own = true;
  if (!own && !(e.tagName === 'INPUT' && e.type !== 'file')) continue;
  const fg = rgb(getComputedStyle(e).color), b = bg(e);
  const l1 = lum(fg), l2 = lum(b);
  const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
  out.push([e.tagName + (e.id ? '#' + e.id : '') + (e.className ? '.' + e.className : ''),
    getComputedStyle(e).color, getComputedStyle(e).backgroundColor, ratio]);
}
return out;
"""


# The orders file's box: its widths, and its lines that wrap, each of
# whose rows after the first must start to the right of its first.
WRAP_JS = r"""
const p = document.getElementById('file');
const out = { sw: p.scrollWidth, cw: p.clientWidth, wrapped: 0, bad: [] };
for (const s of p.querySelectorAll('span.line')) {
  const r = document.createRange(); r.selectNodeContents(s);
  const rows = [];
  for (const x of r.getClientRects())
    if (x.width > 0 && !rows.some((y) => Math.abs(y.top - x.top) < 2))
      rows.push(x);
  if (rows.length > 1) {
    out.wrapped++;
    if (!rows.slice(1).every((x) => x.left > rows[0].left + 4))
      out.bad.push(s.textContent);
  }
}
return out;
"""


def save(d, downloads, dest):
    """Save the two files the page offers into dest: the file the page
    showed, the bytes saved, and dest."""
    shown = d.find_element(By.ID, "file").get_attribute("textContent")
    for f in os.listdir(downloads):
        os.remove(os.path.join(downloads, f))
    d.find_element(By.ID, "save-orders").click()
    d.find_element(By.ID, "save-sig").click()
    yml = saved(downloads, "orders.yaml")
    sig = saved(downloads, "orders.yaml.sig")
    os.makedirs(dest, exist_ok=True)
    shutil.copy(yml, dest)
    shutil.copy(sig, dest)
    return shown, open(yml, "rb").read(), dest


def cut_path(node, path=()):
    """The first orders (depth first) that reach a node the report does
    not list the next orders of, but the orders that end the answer."""
    if node.get("next") is None:
        return list(path) if "ends" in node else None
    for c in node["next"]:
        p = cut_path(c, path + (c["order"],))
        if p is not None:
            return p
    return None


def cut_nodes(node):
    """Every node of the tree the report stops listing orders after,
    though the answer is not complete there."""
    if node.get("next") is None:
        return [] if node["complete"] else [node]
    return [c for n in node["next"] for c in cut_nodes(n)]


def cut_ends(d, page, gunbai, work, downloads, g, path=None,
             why="cut at 2000"):
    """(findings b1; r3 2, 3) Where the list stops, the page says why
    (why: the bound, or Senshiai's orders that draw hidden cards) and
    offers the orders that end the answer (Japanese Swords' done;
    Sensoufuda's plays after four ally orders and Senshiai's end after a
    first order, which the page did not offer); the answer so ended is
    signed as complete and accepted."""
    player = open(os.path.join(work, g + ".player")).read().strip()
    report = json.load(open(os.path.join(work, g + ".json")))
    cut = cut_nodes(report["orders"]["choices"])
    ok(cut and all("ends" in c for c in cut), "%s: each of the %d nodes "
       "the list stops at lists the orders that end the answer there" %
       (g, len(cut)), [c["order"] for c in cut if "ends" not in c][:5])
    path = path or cut_path(report["orders"]["choices"])
    if not ok(path is not None, "%s: the report has a node cut by the "
              "bound with the orders that end the answer" % g):
        return
    load(d, page, [os.path.join(work, g + ".json"),
                   os.path.join(work, g + ".svg")])
    clicked = all(click_order(d, o) for o in path)
    offered = [b.get_attribute("data-order") for b in
               d.find_elements(By.CSS_SELECTOR, "#offers button")]
    node = report["orders"]["choices"]
    for o in path:
        node = [c for c in node["next"] if c["order"] == o][0]
    ends = report["orders"]["ends"][node["ends"]]
    ok(clicked and why in text(d, "state") and offered == ends,
       "%s: after %d orders the page says why its list stops ('%s') and "
       "offers the orders that end the answer (%s)" %
       (g, len(path), why, ", ".join(ends)),
       "%s\n%s" % (text(d, "state"), offered))
    click_order(d, ends[0])
    ok("complete" in text(d, "state"), "%s: with '%s' the page says the "
       "answer is complete" % (g, ends[0]), text(d, "state"))
    msg = sign(d, os.path.join(work, player + ".key"))
    ok(msg.startswith("Signed as " + player) and "cannot tell" not in msg,
       "%s: signed with no warning" % g, msg)
    _, _, dest = save(d, downloads, os.path.join(work, g + "-ends"))
    r = subprocess.run([gunbai, "check", os.path.join(work, g + ".yaml"),
                        os.path.join(dest, "orders.yaml")],
                       capture_output=True, text=True)
    ok(r.returncode == 0, "%s: gunbai check accepts the answer of %d "
       "orders ended at the cut (exit 0)" % (g, len(path) + 1),
       r.stdout + r.stderr)


def owes_nothing(d, page, gunbai, work):
    """(findings r3 9) A player who owes nothing is told why the page
    offers no orders."""
    g = "senjin"
    player = open(os.path.join(work, g + ".player")).read().strip()
    other = "bob" if player != "bob" else "alice"
    path = os.path.join(work, g + "-" + other + ".json")
    with open(path, "wb") as f:
        f.write(subprocess.run([gunbai, "view", os.path.join(work, g +
                                ".yaml"), "--player", other, "--json"],
                               capture_output=True, check=True).stdout)
    load(d, page, [path])
    ok("You owe nothing now, so this page has no orders to offer" in
       text(d, "owed") and not d.find_element(By.ID, "compose")
       .is_displayed(), "%s: %s, who owes nothing, is told why the page "
       "offers no orders" % (g, other), text(d, "owed"))


def complete_then_more(d, page, work):
    """(findings r3 4) After a complete answer the page adds no order,
    typed or not, and says the referee would refuse it."""
    g = "shinobi-wars"
    report = json.load(open(os.path.join(work, g + ".json")))
    orders = path_to_complete(report["orders"]["choices"])
    load(d, page, [os.path.join(work, g + ".json")])
    for o in orders:
        click_order(d, o)
    f = d.find_element(By.ID, "free")
    f.send_keys(orders[-1])
    f.send_keys(Keys.ENTER)
    got = [e.get_attribute("data-order") for e in
           d.find_elements(By.CSS_SELECTOR, "#chosen li")]
    st = d.find_element(By.ID, "state")
    ok(got == orders and st.text.startswith("Not added") and "error" in
       st.get_attribute("class"), "%s: an order typed after a complete "
       "answer of %d orders is not added, with an error" % (g, len(orders)),
       "%s\n%s" % (got, st.text))


def kept_on_reload(d, page, work):
    """(findings r3 5) A reload keeps the orders chosen and the revision
    for the same report (this tab's sessionStorage), not for another;
    the key is never stored."""
    g = "shinobi-wars"
    report = json.load(open(os.path.join(work, g + ".json")))
    first = report["orders"]["choices"]["next"][0]["order"]
    files = [os.path.join(work, g + ".json")]
    load(d, page, files)
    click_order(d, first)
    rev = d.find_element(By.ID, "revision")
    rev.clear()
    rev.send_keys("2")
    d.refresh()
    load(d, page, files, fresh=False)
    got = [e.get_attribute("data-order") for e in
           d.find_elements(By.CSS_SELECTOR, "#chosen li")]
    ok(got == [first] and d.find_element(By.ID, "revision")
       .get_attribute("value") == "2" and "you chose before" in
       text(d, "load-status") and "revision: 2\n" in
       d.find_element(By.ID, "file").get_attribute("textContent"),
       "%s: after a reload the same report comes back with the order "
       "chosen ('%s') and revision 2" % (g, first),
       "%s\n%s" % (got, text(d, "load-status")))
    stored = d.execute_script(
        "return Object.keys(sessionStorage).map((k) => k + ' ' + "
        "sessionStorage.getItem(k)).join('\\n')")
    ok("PRIVATE KEY" not in stored and first in stored,
       "the tab's storage holds the orders, never a key", stored)
    load(d, page, [os.path.join(work, "senjin.json")], fresh=False)
    ok(d.find_elements(By.CSS_SELECTOR, "#chosen li") == [] and
       d.find_element(By.ID, "revision").get_attribute("value") == "0",
       "another report loaded in the same tab starts with no order and "
       "revision 0")


def wrong_pictures(d, page, work):
    """(findings a2, b8) A picture that is not the report's, and two
    reports at once, are refused with a message saying why."""
    js = os.path.join(work, "senjin.json")
    load(d, page, [js, os.path.join(work, "sensoufuda.svg")])
    st = d.find_element(By.ID, "load-status")
    ok("error" in st.get_attribute("class") and
       "not the picture 'sensoufuda.svg'" in st.text and "Sensoufuda" in
       st.text and not d.find_element(By.ID, "board-img").is_displayed(),
       "another game's picture beside a report is refused, named, and "
       "not drawn", st.text)
    load(d, page, [js, os.path.join(work, "senjin-other.svg")])
    st = d.find_element(By.ID, "load-status")
    ok("error" in st.get_attribute("class") and
       "not the picture" in st.text and
       not d.find_element(By.ID, "board-img").is_displayed(),
       "a picture of the same game at another point is refused", st.text)
    load(d, page, [js, os.path.join(work, "japanese-swords.json")])
    st = d.find_element(By.ID, "load-status")
    ok("two reports" in st.text and "error" in st.get_attribute("class"),
       "two reports chosen at once are refused, not one of them silently "
       "used", st.text)


def typed_unknown(d, page, work):
    """(findings a1) An order written by hand: the page signs, saying it
    cannot tell whether the answer is whole."""
    player = open(os.path.join(work, "senjin.player")).read().strip()
    load(d, page, [os.path.join(work, "senjin.json"),
                   os.path.join(work, "senjin.svg")])
    f = d.find_element(By.ID, "free")
    f.send_keys("mvoe e7 e6")
    f.send_keys(Keys.ENTER)
    ok("check its spelling" in text(d, "state") and "'mvoe'" in
       text(d, "state"), "(findings b5) a typed order whose first word "
       "no listed order and no explanation has is flagged",
       text(d, "state"))
    msg = sign(d, os.path.join(work, player + ".key"))
    ok(msg.startswith("Signed as " + player) and
       "cannot tell whether these orders are a whole answer" in msg and
       "note" in d.find_element(By.ID, "sign-status").get_attribute("class"),
       "an answer with an order written by hand is signed with a warning "
       "that the page cannot tell whether it is whole", msg)


def main():
    page_path, gunbai, work = sys.argv[1:4]
    page = "file://" + os.path.abspath(page_path)
    downloads = os.path.join(work, "downloads")
    os.makedirs(downloads, exist_ok=True)
    d = chromium.browser(downloads, os.path.join(work, "profile"))
    # What the browser loaded before the page (its own new tab page) is
    # not the page's.
    d.get_log("performance")
    several = []
    warned_in = []
    try:
        for gi, g in enumerate(GAMES):
            player = open(os.path.join(work, g + ".player")).read().strip()
            report = json.load(open(os.path.join(work, g + ".json")))
            load(d, page, [os.path.join(work, g + ".json"),
                           os.path.join(work, g + ".svg")])
            ok("Loaded the report of %s" % player in text(d, "load-status")
               and d.find_element(By.ID, "board-img").is_displayed()
               and d.execute_script(
                   "return document.getElementById('board-img')"
                   ".naturalWidth") > 0,
               "%s: the page loads %s's report and draws the board" %
               (g, player), text(d, "load-status"))
            ok(report["orders"]["what"] in text(d, "owed"),
               "%s: the page says what %s owes" % (g, player))
            ok(text(d, "title").endswith(", point %d" % report["turn"]),
               "%s: the page's heading gives the point as the orders "
               "file numbers it" % g, text(d, "title"))
            v = report["view"]
            own = ("turn %d" % v["turn"] if isinstance(v.get("turn"), int)
                   else "round %d" % v["round"]
                   if isinstance(v.get("round"), int) else
                   "battle %d" % v["battle"]
                   if isinstance(v.get("battle"), int) else None)
            ok(("'turn: %d'" % report["turn"]) in text(d, "point") and
               (own is None or "in the game it is %s." % own in
                text(d, "point")),
               "%s: under the heading, point %d is said to be the "
               "deadline's number%s (findings r3 6)" %
               (g, report["turn"], ", the game's %s" % own if own else ""),
               text(d, "point"))
            if gi == 0:
                # (findings a1) Nothing chosen: not a whole answer.
                msg = sign(d, os.path.join(work, player + ".key"))
                ok(msg.startswith("Not signed") and
                   not d.find_element(By.ID, "saves").is_displayed(),
                   "%s: the page refuses to sign an answer its tree says "
                   "is incomplete (no order chosen)" % g, msg)
                d.find_element(By.ID, "key-file").clear()
            if g == "senshiai":
                mine = [p for p in report["view"]["players"]
                        if p["player"] == player][0]
                hand = mine.get("your_hand", [])
            else:
                hand = report["view"].get("yours", {}).get("hand", [])
            if hand:
                first = hand[0] if isinstance(hand[0], str) else \
                    hand[0].get("card", hand[0].get("name"))
                ok(first is None or str(first) in text(d, "private-body"),
                   "%s: the page shows the player's hand" % g,
                   text(d, "private-body"))
                raw = [w for w in text(d, "private-body").split()
                       if w in ("true", "false", "null")]
                # (findings r3 7) A score's short name is written as
                # the manual writes it, and a key says what it is.
                short = sorted({k for c in hand if isinstance(c, dict)
                                for k in c if len(k) <= 3 and
                                k not in ("up",)})
                body = " ".join(text(d, "private-body").split())
                ok(all(k.upper() + " " in body and "Key: " in body and
                       k + ": " not in body for k in short),
                   "%s: the short names in what only the player sees "
                   "(%s) are written in capitals with a key saying what "
                   "each is (findings r3 7)" % (g, ", ".join(short) or
                                                "none"), body[:600])
                ok(not raw, "%s: what only the player sees is in words "
                   "(yes, no, none), not JSON's true/false/null "
                   "(findings b6)" % g, text(d, "private-body"))
            # A warning the referee gives on an offered order (a Japanese
            # Swords card not held: it plays only if drawn) is shown with
            # it, and with the order once chosen (findings 2, 3).
            root = report["orders"]["choices"]
            warned = [c for c in (root["next"] or []) if c.get("warning")]
            if warned:
                warned_in.append(g)
                shown = " ".join(text(d, "pick").split())
                ok("Note 1: " + warned[0]["warning"] in shown and
                   warned[0]["order"] + " (see note 1)" in shown,
                   "%s: the referee's warning on an offered order is shown "
                   "with it" % g, shown[:400])
                # (findings r3 1) At a phone's width the notes do not
                # push the orders out of the list's box.
                d.set_window_size(390, 844)
                top = d.execute_script(
                    "const o = document.getElementById('offers'), "
                    "b = o.querySelector('button'); return [b.getBounding"
                    "ClientRect().top - o.getBoundingClientRect().top, "
                    "o.clientHeight]")
                d.set_window_size(1000, 900)
                ok(top[0] < top[1] / 4, "%s: at 390 px the first order "
                   "offered is at the top of the list's box (%d px down "
                   "a box of %d), its notes below it (findings r3 1)" %
                   (g, top[0], top[1]))
            orders = path_to_complete(report["orders"]["choices"])
            if not ok(orders is not None,
                      "%s: the report lists a complete answer" % g):
                continue
            if gi == 1:
                # Typed: each order into the filter, then Enter.
                for o in orders:
                    f = d.find_element(By.ID, "filter")
                    f.send_keys(o)
                    f.send_keys(Keys.ENTER)
                ok([e.get_attribute("data-order") for e in d.find_elements(
                    By.CSS_SELECTOR, "#chosen li")] == orders,
                   "%s: the answer typed with the keyboard (%d orders)" %
                   (g, len(orders)))
            else:
                clicked = all(click_order(d, o) for o in orders)
                ok(clicked, "%s: the answer composed by clicking "
                   "(%d orders)" % (g, len(orders)), orders)
            if len(orders) > 1:
                several.append(g)
                if gi != 1:
                    # (findings a1) Part of an answer is not signed.
                    d.find_element(By.ID, "undo").click()
                    msg = sign(d, os.path.join(work, player + ".key"))
                    ok(msg.startswith("Not signed") and
                       not d.find_element(By.ID, "saves").is_displayed(),
                       "%s: the page refuses to sign %d of the %d orders "
                       "of an answer" % (g, len(orders) - 1, len(orders)),
                       msg)
                    d.find_element(By.ID, "key-file").clear()
                    click_order(d, orders[-1])
            ok("complete" in text(d, "state"),
               "%s: the page says the answer is complete" % g,
               text(d, "state"))
            if gi == 0:
                other = "bob" if player != "bob" else "alice"
                msg = sign(d, os.path.join(work, other + ".key"))
                ok(msg.startswith("Wrong key") and player in msg and
                   not d.find_element(By.ID, "saves").is_displayed(),
                   "%s: %s's key is refused for %s's orders, with a clear "
                   "message" % (g, other, player), msg)
                pairs = d.execute_script(CONTRAST_JS)
                bad = [p for p in pairs if p[3] < 4.5]
                ok(any(p[0].endswith(".error") for p in pairs) and not bad,
                   "%s: with the refusal shown, %d texts, each of contrast "
                   "4.5:1 or more" % (g, len(pairs)),
                   "\n".join(map(str, bad)))
                d.find_element(By.ID, "key-file").clear()
                msg = sign(d, os.path.join(work, player + ".pub"))
                ok("not a private key" in msg and
                   not d.find_element(By.ID, "saves").is_displayed(),
                   "%s: a public key file is refused as a private key" % g,
                   msg)
                d.find_element(By.ID, "key-file").clear()
                msg = sign(d, os.path.join(work, g + ".json"))
                ok("is a report (a JSON file), not a key" in msg and
                   not d.find_element(By.ID, "saves").is_displayed(),
                   "%s: a report chosen as the key is refused as a report "
                   "(findings b7)" % g, msg)
                d.find_element(By.ID, "key-file").clear()
                rev = d.find_element(By.ID, "revision")
                rev.clear()
                rev.send_keys("-1")
                msg = sign(d, os.path.join(work, player + ".key"))
                ok(msg.startswith("Not signed: the revision") and
                   not d.find_element(By.ID, "saves").is_displayed(),
                   "%s: revision -1 is refused, not dropped from the file "
                   "(findings b8)" % g, msg)
                rev.clear()
                rev.send_keys("1.5")
                shown = d.find_element(By.ID, "file").get_attribute(
                    "textContent")
                ok("not a revision" in text(d, "revision-status") and
                   "\nrevision:" not in shown,
                   "%s: revision 1.5 is flagged as typed and the file "
                   "shown has no 'revision: 1' (findings r3 9)" % g,
                   text(d, "revision-status"))
                rev.clear()
                rev.send_keys("0")
                d.find_element(By.ID, "key-file").clear()
            msg = sign(d, os.path.join(work, player + ".key"))
            ok(msg.startswith("Signed as " + player), "%s: signed with "
               "%s's key made by openssl" % (g, player), msg)
            shown, got, dest = save(d, downloads, os.path.join(work, g +
                                                               "-out"))
            sig = os.path.join(dest, "orders.yaml.sig")
            ok(got == shown.encode() and
               got.endswith("".join("  - %s\n" % o
                                    for o in orders).encode()),
               "%s: the saved orders.yaml is the file the page showed" % g)
            ok(os.path.getsize(sig) == 64,
               "%s: orders.yaml.sig is 64 raw bytes" % g)
            r = subprocess.run([gunbai, "check", os.path.join(work,
                                g + ".yaml"), os.path.join(dest,
                                "orders.yaml")], capture_output=True,
                               text=True)
            ok(r.returncode == 0, "%s: gunbai check accepts the two files "
               "(exit 0)" % g, r.stdout + r.stderr)
            r = subprocess.run(["openssl", "pkeyutl", "-verify", "-rawin",
                                "-pubin", "-inkey",
                                os.path.join(work, player + ".pub"), "-in",
                                os.path.join(dest, "orders.yaml"),
                                "-sigfile", os.path.join(dest,
                                                         "orders.yaml.sig")],
                               capture_output=True, text=True)
            ok(r.returncode == 0, "%s: openssl verifies the signature" % g,
               r.stdout + r.stderr)
            if gi == 2:
                pairs = d.execute_script(CONTRAST_JS)
                bad = [p for p in pairs if p[3] < 4.5]
                ok(len(pairs) > 20 and not bad, "%s: %d texts, each of "
                   "contrast 4.5:1 or more (WCAG AA)" % (g, len(pairs)),
                   "\n".join(map(str, bad)))
                d.set_window_size(390, 844)
                w = d.execute_script(
                    "return [document.documentElement.scrollWidth, "
                    "window.innerWidth]")
                ok(w[0] <= w[1], "%s: at 390 px the page needs no "
                   "sideways scrolling (%d <= %d)" % (g, w[0], w[1]))
                f = d.execute_script(WRAP_JS)
                ok(f["sw"] <= f["cw"] and f["wrapped"] > 0 and
                   not f["bad"], "%s: at 390 px the orders file fits its "
                   "box (%d <= %d px, nothing cut off on the right), and "
                   "each of its %d wrapped lines goes on under a hanging "
                   "indent, not like another line (findings b9, r3 8)" %
                   (g, f["sw"], f["cw"], f["wrapped"]), f["bad"])
                d.set_window_size(1000, 900)
        cut_ends(d, page, gunbai, work, downloads, "japanese-swords")
        cut_ends(d, page, gunbai, work, downloads, "sensoufuda",
                 ["ally prefer strategist", "ally prefer hero",
                  "ally prefer resource", "ally prefer plain"])
        cut_ends(d, page, gunbai, work, downloads, "senshiai",
                 why="draw cards no one has seen")
        complete_then_more(d, page, work)
        owes_nothing(d, page, gunbai, work)
        kept_on_reload(d, page, work)
        wrong_pictures(d, page, work)
        typed_unknown(d, page, work)
        ok(warned_in != [], "a report offers an order with a warning "
           "(japanese-swords), and the page shows it: %s" %
           ", ".join(warned_in))
        ok(len(several) >= 2, "answers of several orders in %d games: %s" %
           (len(several), ", ".join(several)))
        # The policy refuses a connection the page's script would make.
        d.execute_script("fetch('http://127.0.0.1:9/').catch(() => 0);"
                         "document.title = 'x';")
        time.sleep(0.2)
        logs = [json.loads(e["message"])["message"]
                for e in d.get_log("performance")]
        requests = [m["params"]["request"]["url"] for m in logs
                    if m["method"] == "Network.requestWillBeSent"]
        outside = [u for u in requests if u != page and
                   not u.startswith("data:") and not u.startswith("blob:")]
        ok(requests and not outside, "the network log holds no request "
           "but the page itself (%d requests, all the page, a data: "
           "picture or a blob: save)" % len(requests), "\n".join(outside))
        # The log sees requests: one made on purpose by a page without
        # the policy.
        d.get("data:text/html,<img src='http://127.0.0.1:9/probe'>")
        time.sleep(0.3)
        logs = [json.loads(e["message"])["message"]
                for e in d.get_log("performance")]
        ok(any(m["method"] == "Network.requestWillBeSent" and
               "127.0.0.1:9/probe" in m["params"]["request"]["url"]
               for m in logs), "the network log records a request when "
           "one is made (the check above can fail)")
    finally:
        d.quit()
    print("1..%d" % n)
    return 1 if fails else 0


sys.exit(main())
