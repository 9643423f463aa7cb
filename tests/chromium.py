"""Real Chromium through WebDriver (Debian's chromium-driver and
python3-selenium), one session a test: tests/page_test.py drives the
player's page in it, tests/svg_render.py renders the pictured reports."""
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


def browser(downloads, profile, extra=()):
    """Headless Chromium with its profile in profile and its downloads
    saved to downloads, the performance (network) and console logs
    kept; extra: more command line arguments."""
    o = Options()
    o.binary_location = "/usr/bin/chromium"
    # No first-run work and no connection attempted: this machine's
    # network is closed, and each refused connection costs time.
    for a in ["--headless", "--no-sandbox", "--disable-gpu",
              "--no-first-run", "--disable-background-networking",
              "--disable-component-update", "--disable-sync",
              "--disable-quic", "--disable-features=Translate,MediaRouter",
              "--user-data-dir=" + profile, "--window-size=1000,900",
              *extra]:
        o.add_argument(a)
    o.add_experimental_option("prefs", {
        "download.default_directory": downloads,
        "download.prompt_for_download": False,
        "safebrowsing.enabled": False})
    o.set_capability("goog:loggingPrefs", {"performance": "ALL",
                                           "browser": "ALL"})
    d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)
    d.execute_cdp_cmd("Browser.setDownloadBehavior",
                      {"behavior": "allow", "downloadPath": downloads})
    return d
