"""How the browser tests (e2e/) and bench/startup.py launch Chromium.

Debian's Chromium (`apt-get install -y chromium`), never a browser that
Playwright downloads. Without the background-networking flags Chromium keeps
trying Google's hosts, which this machine's closed network refuses.
"""

from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
# A portrait phone, with touch.
PHONE: dict[str, Any] = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
