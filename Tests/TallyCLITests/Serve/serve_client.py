#!/usr/bin/env python3
"""Drives a running `tally serve` for tally's tests; prints one JSON object with what it saw.

  serve_client.py browser URL OUTDIR       real headless chromium (selenium + chromedriver):
                                           approve by keyboard, reject with a preset, promote with
                                           an edited label, reopen, two windows on one note, push;
                                           a 390 px screenshot of the queue in OUTDIR
  serve_client.py moderators URL_A URL_B   two invited moderators' personal links in two browser sessions:
                                           each decides a note, both decide note 7 (the second gets 409)
  serve_client.py undo-mine OWNER A B WIDTH   a decision stays its maker's: B (小美) approves note 3; A (阿明) is
                                           offered no undo and his posted undo is refused; both decide note 4, A's
                                           409 page offers no undo of B's; B undoes hers; OWNER undoes B's note 4
  serve_client.py undo-lost URL WIDTH CMD…  approve note 3 from its page; run CMD (a push whose answer is lost), then
                                           tap the undo the page still shows: the refusal, the note's state after
  serve_client.py conflicts A B WIDTH      each link's queue and sync page list the notes in conflict first (text,
                                           links); A follows the queue's link to the note's page
  serve_client.py keep-mine A B WIDTH      note 3's conflict is B's: A is offered no "keep D1's" and his post is
                                           refused; B keeps D1's decision
  serve_client.py proxied URL              through a TLS proxy (its certificate ignored): open the queue at the
                                           public URL, approve note 3 from its page
  serve_client.py settle URL WAY WIDTH      note 3 in sync conflict settled from its page at WIDTH px: WAY `keep`
                                           keeps D1's decision then fetches D1's state; `again` fetches D1's
                                           state, reopens the note and sends the decision to D1
  serve_client.py opened URL WIDTH PATH…    each page at WIDTH px with every fold opened but the page owner's (the
                                           command's own words): visible text, width, how many owner's folds
  serve_client.py tour URL WIDTH OUTDIR [DB] every state a moderator reaches (queue, refusals, decisions, a promotion
                                           and its undo, send, conflicts, pull, wrong links) at WIDTH px: visible
                                           text, width, screenshots in OUTDIR; the plain refusals fetched directly;
                                           with DB, the server's own error (DB unreadable for one request)
  serve_client.py spam URL NOTE LONG      a spammed queue timed over real sockets: each queue page asked (oldest and
                                           newest first, a middle page): seconds and bytes; note NOTE's page alone,
                                           then while another client loads the queue again and again; note LONG's page
  serve_client.py paging URL WIDTH        the queue's pages in chromium at WIDTH px: order chosen, next and previous,
                                           the links (no CSRF token), the tap targets' sizes, a shortened note read whole
  serve_client.py fetch URL PATH           one GET: status and body
  serve_client.py fields URL PATH          the hidden fields of a page's first decision form
  serve_client.py post URL PATH JSON       one form post (an object, or a list of pairs): status, body
  serve_client.py probe URL                refusals: token, CSRF, Host, Origin, body size
  serve_client.py load URL CLIENTS N NOTES mixed reads and decisions from CLIENTS threads
  serve_client.py decide URL NOTES SECONDS decisions one after another until the server dies or
                                           SECONDS pass; each one the server answered 303 is listed
"""
import http.client
import json
import os
import random
import re
import shutil
import subprocess
import sys
import threading
import time
import urllib.parse


def split(url):
    parts = urllib.parse.urlsplit(url)
    return parts.hostname, parts.port, parts.path.rstrip("/")


def request(url, method, path, body=None, headers=None, host=None):
    hostname, port, base = split(url)
    connection = http.client.HTTPConnection(hostname, port, timeout=30)
    shown = f"[{hostname}]" if ":" in hostname else hostname
    all_headers = {"Host": host or f"{shown}:{port}"}
    if body is not None:
        all_headers["Content-Type"] = "application/x-www-form-urlencoded"
    all_headers.update(headers or {})
    connection.request(method, base + path, body=body, headers=all_headers)
    response = connection.getresponse()
    data = response.read().decode("utf-8", "replace")
    connection.close()
    return response.status, data, dict(response.getheaders())


def csrf_of(page):
    return re.search(r'name="csrf" value="([0-9a-f]+)"', page).group(1)


def seen(page):
    """The version, state and digest the note page shows (its first decision form)."""
    version = re.search(r'name="version" value="(\d+)"', page)
    state = re.search(r'name="state" value="(\w+)"', page)
    digest = re.search(r'name="seen" value="(\w*)"', page)
    if not (version and state and digest):
        return (None, None, None)
    return (int(version.group(1)), state.group(1), digest.group(1))


def decide(url, csrf, note, version, state, action, digest, **fields):
    form = {"csrf": csrf, "action": action, "version": str(version), "state": state, "seen": digest}
    form.update(fields)
    return request(url, "POST", f"/note/{note}/decide", urllib.parse.urlencode(form))


def fields(url, path):
    """The hidden fields of a page's first decision form, for a later `post` (a tab kept open)."""
    page = request(url, "GET", path)[1]
    version, state, digest = seen(page)
    return {"csrf": csrf_of(page), "version": str(version), "state": state, "seen": digest}


def post(url, path, form):
    """One form post: its fields as a JSON object, or as a list of pairs (a field may repeat)."""
    pairs = [tuple(pair) for pair in form] if isinstance(form, list) else list(form.items())
    status, body, headers = request(url, "POST", path, urllib.parse.urlencode(pairs))
    return {"status": status, "body": body, "location": headers.get("Location", "")}


def browser(url, outdir):
    from selenium import webdriver
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.chrome.service import Service
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    from selenium.webdriver.support.ui import WebDriverWait

    options = webdriver.ChromeOptions()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=390,900"]:
        options.add_argument(flag)
    # Found on PATH, as tally and the Swift tests find programs (OutsideProgram, ProgramSearch).
    options.binary_location = shutil.which("chromium")
    driver = webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))
    driver.implicitly_wait(5)
    out = {}

    def submit(press):
        """Presses a form's button and waits until the next page has replaced this one."""
        page = driver.find_element(By.TAG_NAME, "html")
        press()

        def replaced(_):
            # Chromium reports the old page's element either as stale or, mid-navigation, as a node that
            # "does not belong to the document": both mean this page is gone. Any other error is real.
            try:
                page.is_enabled()
                return False
            except StaleElementReferenceException:
                return True
            except WebDriverException as error:
                if "does not belong to the document" in str(error):
                    return True
                raise

        WebDriverWait(driver, 15).until(replaced)

    try:
        base = url.rstrip("/")
        # A phone's width: headless chromium keeps windows at least 500 px wide, so the viewport is set directly.
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        driver.get(base + "/")
        out["queue_title"] = driver.title
        out["queue_width"] = driver.execute_script("return document.documentElement.scrollWidth")
        driver.save_screenshot(outdir + "/serve-queue.png")
        # Approve note 3 with the keyboard only: Tab until its button has the focus, then Enter.
        body = driver.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.TAB)
        for _ in range(40):
            active = driver.switch_to.active_element
            if active.tag_name == "button" and active.text == "Approve note #3":
                break
            active.send_keys(Keys.TAB)
        out["keyboard_focus"] = driver.switch_to.active_element.text
        submit(lambda: driver.switch_to.active_element.send_keys(Keys.ENTER))
        out["approved"] = driver.find_element(By.CSS_SELECTOR, ".message.done").text
        # Reject note 4 with a preset reason.
        driver.get(base + "/note/4")
        driver.find_element(By.CSS_SELECTOR, "input[name=preset][value=spam]").click()
        submit(driver.find_element(By.XPATH, "//button[text()='Reject']").click)
        out["rejected"] = driver.find_element(By.CSS_SELECTOR, ".message.done").text
        # Promote note 3 with an edited label, previewed first.
        driver.get(base + "/note/3")
        label = driver.find_element(By.CSS_SELECTOR, "input[name=label]")
        label.clear()
        label.send_keys("Pets <b>&</b>")
        submit(driver.find_element(By.XPATH, "//button[text()='Preview']").click)
        out["preview"] = driver.find_element(By.ID, "preview-label").text
        out["preview_url"] = driver.current_url
        # Then another label typed and promoted without previewing it: the typed label is the option.
        label = driver.find_element(By.CSS_SELECTOR, "input[name=label]")
        label.clear()
        label.send_keys("Pets & animals")
        submit(driver.find_element(By.XPATH, "//button[text()='Promote to an option']").click)
        out["promoted"] = driver.find_element(By.CSS_SELECTOR, ".message.done").text
        # Reopen note 4.
        driver.get(base + "/note/4")
        driver.find_element(By.CSS_SELECTOR, "input[name=reason][required]").send_keys("asked again")
        submit(driver.find_element(By.XPATH, "//button[text()='Reopen (back to pending)']").click)
        out["reopened"] = driver.find_element(By.CSS_SELECTOR, ".message.done").text
        # Two windows on note 7: the first approves, the second (still showing version 0) rejects.
        driver.get(base + "/note/7")
        first = driver.current_window_handle
        driver.switch_to.new_window("tab")
        driver.get(base + "/note/7")
        second = driver.current_window_handle
        driver.switch_to.window(first)
        submit(driver.find_element(By.XPATH, "//button[text()='Approve']").click)
        out["first_window"] = driver.find_element(By.CSS_SELECTOR, ".message.done").text
        driver.switch_to.window(second)
        driver.find_element(By.CSS_SELECTOR, "input[name=preset][value=duplicate]").click()
        submit(driver.find_element(By.XPATH, "//button[text()='Reject']").click)
        out["second_window_title"] = driver.find_element(By.TAG_NAME, "h1").text
        out["second_window_alert"] = driver.find_element(By.CSS_SELECTOR, "[role=alert]").text
        out["second_window_sides"] = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".sides h2")]
        # Send to D1.
        driver.get(base + "/sync")
        out["unpushed_before"] = driver.find_element(By.ID, "count-unpushed").text
        submit(driver.find_element(By.XPATH, "//button[starts-with(text(), 'Send to D1')]").click)
        out["push_output"] = driver.find_element(By.ID, "push-output").text
        out["confirmed_after"] = driver.find_element(By.ID, "count-confirmed").text
        # The report, as the report command writes it.
        driver.get(base + "/report")
        out["report_h1"] = driver.find_element(By.TAG_NAME, "h1").text
        out["scripts"] = len(driver.find_elements(By.TAG_NAME, "script"))
    except Exception:
        # What the browser showed when a step failed, for the test's message.
        sys.stderr.write(f"steps done: {sorted(out)}\nat {driver.current_url}\n{driver.page_source[:2000]}\n")
        raise
    finally:
        driver.quit()
    print(json.dumps(out, ensure_ascii=False))


def chromium(extra_flags=()):
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900", *extra_flags]:
        options.add_argument(flag)
    # Found on PATH, as tally and the Swift tests find programs (OutsideProgram, ProgramSearch).
    options.binary_location = shutil.which("chromium")
    # chromedriver exits at once when the free port selenium chose was taken meanwhile (another test's browser
    # starting on this machine): started again after a pause, up to six times; its own words end the error.
    import tempfile
    import time

    for attempt in range(6):
        with tempfile.TemporaryFile(mode="w+") as log:
            try:
                driver = webdriver.Chrome(
                    options=options, service=Service(shutil.which("chromedriver"), log_output=log))
                break
            except WebDriverException as error:
                if attempt == 5 or "unexpectedly exited" not in str(error):
                    log.seek(0)
                    raise WebDriverException(f"{error.msg}; chromedriver said: {log.read()[-2000:]}") from error
                time.sleep(1 + attempt)
    driver.implicitly_wait(5)
    return driver


def press_and_wait(driver, press):
    """Presses a form's button and waits until the next page has replaced this one."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    old = driver.find_element(By.TAG_NAME, "html").id
    press()
    WebDriverWait(driver, 15).until(lambda d: d.find_element(By.TAG_NAME, "html").id != old)


def moderators(url_a, url_b, width=1280):
    from selenium.webdriver.common.by import By

    a, b = chromium(), chromium()
    for driver in (a, b):
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})
    out = {}

    def button(driver, action):
        """A decision form's own button, whatever the page's language."""
        return driver.find_element(
            By.XPATH, f"//form[input[@name='action' and @value='{action}']]//button[@type='submit' and not(@formaction)]")

    try:
        base_a, base_b = url_a.rstrip("/"), url_b.rstrip("/")
        a.get(base_a + "/note/3")
        press_and_wait(a, button(a, "approve").click)
        out["a_done"] = a.find_element(By.CSS_SELECTOR, ".message.done").text
        b.get(base_b + "/note/4")
        b.find_element(By.CSS_SELECTOR, "input[name=preset][value=spam]").click()
        press_and_wait(b, button(b, "reject").click)
        out["b_done"] = b.find_element(By.CSS_SELECTOR, ".message.done").text
        # Both open note 7; 阿明 approves first, 小美's page is then stale.
        a.get(base_a + "/note/7")
        b.get(base_b + "/note/7")
        press_and_wait(a, button(a, "approve").click)
        press_and_wait(b, button(b, "approve").click)
        out["conflict_title"] = b.find_element(By.TAG_NAME, "h1").text
        out["conflict_text"] = b.find_element(By.TAG_NAME, "body").text
        b.get(base_b + "/note/3")
        out["history_text"] = b.find_element(By.TAG_NAME, "body").text
        out["b_header"] = b.find_element(By.TAG_NAME, "body").text.split("\n")[:6]
        out["widths"] = [d.execute_script("return document.documentElement.scrollWidth") for d in (a, b)]
    except Exception:
        sys.stderr.write(f"steps done: {sorted(out)}\n{b.page_source[:2000]}\n")
        raise
    finally:
        a.quit()
        b.quit()
    print(json.dumps(out, ensure_ascii=False))


def undo_mine(url_owner, url_a, url_b, width):
    from selenium.webdriver.common.by import By

    drivers = {"owner": chromium(), "a": chromium(), "b": chromium()}
    for driver in drivers.values():
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": width < 600})
    owner, a, b = drivers["owner"], drivers["a"], drivers["b"]
    bases = {"owner": url_owner.rstrip("/"), "a": url_a.rstrip("/"), "b": url_b.rstrip("/")}
    out = {}

    def button(driver, action):
        return driver.find_element(
            By.XPATH, f"//form[input[@name='action' and @value='{action}']]//button[@type='submit' and not(@formaction)]")

    def undo_forms(driver, note):
        return len(driver.find_elements(By.CSS_SELECTOR, f"form[action$='/note/{note}/undo']"))

    def text(driver, selector):
        found = driver.find_elements(By.CSS_SELECTOR, selector)
        return found[0].text if found else ""

    try:
        b.get(bases["b"] + "/note/3")
        press_and_wait(b, button(b, "approve").click)
        out["b_done"] = text(b, ".message.done")
        out["b_undo_forms"] = undo_forms(b, 3)
        a.get(bases["a"] + "/note/3")
        out["a_undo_forms"] = undo_forms(a, 3)
        out["a_text"] = a.find_element(By.TAG_NAME, "body").text
        # A keeps a form of his own and posts an undo of note 3 anyway (the page did not offer it).
        page = a.page_source
        form = {"csrf": csrf_of(page), "seen": re.search(r'name="seen" value="(\w*)"', page).group(1)}
        status, body, _ = request(url_a, "POST", "/note/3/undo", urllib.parse.urlencode(form))
        out["a_post_status"], out["a_post_body"] = status, body
        # Both open note 4; B approves first, A rejects on the stale page: his 409 page shows B's decision.
        a.get(bases["a"] + "/note/4")
        b.get(bases["b"] + "/note/4")
        press_and_wait(b, button(b, "approve").click)
        a.find_element(By.CSS_SELECTOR, "input[name=preset][value=spam]").click()
        press_and_wait(a, button(a, "reject").click)
        out["a_conflict_title"] = a.find_element(By.TAG_NAME, "h1").text
        out["a_conflict_undo_forms"] = undo_forms(a, 4)
        # B undoes her own approval of note 3.
        b.get(bases["b"] + "/note/3")
        press_and_wait(b, b.find_element(By.CSS_SELECTOR, "form[action$='/note/3/undo'] button").click)
        out["b_undone"] = text(b, ".message.done")
        out["b_history"] = text(b, "ol.history")
        # The page's owner undoes B's approval of note 4.
        owner.get(bases["owner"] + "/note/4")
        out["owner_undo_text"] = text(owner, "section.undo")
        press_and_wait(owner, owner.find_element(By.CSS_SELECTOR, "form[action$='/note/4/undo'] button").click)
        out["owner_undone"] = text(owner, ".message.done")
        out["owner_history"] = text(owner, "ol.history")
        out["widths"] = [d.execute_script("return document.documentElement.scrollWidth") for d in (owner, a, b)]
    except Exception:
        sys.stderr.write(f"steps done: {sorted(out)}\n{a.page_source[:2000]}\n")
        raise
    finally:
        for driver in drivers.values():
            driver.quit()
    print(json.dumps(out, ensure_ascii=False))


def undo_lost(url, width, command):
    from selenium.webdriver.common.by import By

    driver = chromium()
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    base = url.rstrip("/")
    out = {}
    try:
        driver.get(base + "/note/3")
        press_and_wait(driver, driver.find_element(
            By.XPATH,
            "//form[input[@name='action' and @value='approve']]//button[@type='submit' and not(@formaction)]").click)
        out["undo_forms"] = len(driver.find_elements(By.CSS_SELECTOR, "form[action$='/note/3/undo']"))
        # Another window sends the decisions; D1 runs them and the answer is lost.
        pushed = subprocess.run(command, capture_output=True, text=True, timeout=120)
        out["push_status"] = pushed.returncode
        # The page still offers the undo it showed before the push: tap it.
        press_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "form[action$='/note/3/undo'] button").click)
        out["undo_title"] = driver.find_element(By.TAG_NAME, "h1").text
        out["undo_text"] = driver.find_element(By.TAG_NAME, "main").text
        out["width"] = driver.execute_script("return document.documentElement.scrollWidth")
        driver.get(base + "/note/3")
        out["after"] = driver.find_element(By.TAG_NAME, "main").text
        out["after_undo_forms"] = len(driver.find_elements(By.CSS_SELECTOR, "form[action$='/note/3/undo']"))
        driver.get(base + "/sync")
        out["sync"] = driver.find_element(By.TAG_NAME, "main").text
    except Exception:
        sys.stderr.write(f"steps done: {sorted(out)}\n{driver.page_source[:2000]}\n")
        raise
    finally:
        driver.quit()
    print(json.dumps(out, ensure_ascii=False))


def conflicts(url_a, url_b, width):
    from selenium.webdriver.common.by import By

    driver = chromium()
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    out = {}

    def needs_you():
        found = driver.find_elements(By.CSS_SELECTOR, "section.needs-you")
        if not found:
            return "", []
        links = [urllib.parse.urlsplit(a.get_attribute("href")).path for a in found[0].find_elements(By.TAG_NAME, "a")]
        return found[0].text, links

    try:
        for name, url in (("a", url_a), ("b", url_b)):
            base = url.rstrip("/")
            driver.get(base + "/")
            out[name + "_queue"], out[name + "_queue_links"] = needs_you()
            # The list comes before the pending notes.
            out[name + "_queue_first"] = driver.execute_script(
                "const s = document.querySelector('section.needs-you'), g = document.querySelector('section.group');"
                "return !!s && (!g || !!(s.compareDocumentPosition(g) & Node.DOCUMENT_POSITION_FOLLOWING));")
            out[name + "_width"] = driver.execute_script("return document.documentElement.scrollWidth")
            driver.get(base + "/sync")
            out[name + "_sync"], out[name + "_sync_links"] = needs_you()
        driver.get(url_a.rstrip("/") + "/")
        press_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "section.needs-you a").click)
        out["followed_path"] = urllib.parse.urlsplit(driver.current_url).path
        out["followed_h1"] = driver.find_element(By.TAG_NAME, "h1").text
        out["followed_text"] = driver.find_element(By.TAG_NAME, "main").text
    except Exception:
        sys.stderr.write(f"steps done: {sorted(out)}\n{driver.page_source[:2000]}\n")
        raise
    finally:
        driver.quit()
    print(json.dumps(out, ensure_ascii=False))


def keep_mine(url_a, url_b, width):
    from selenium.webdriver.common.by import By

    a, b = chromium(), chromium()
    for driver in (a, b):
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": width < 600})
    out = {}
    try:
        a.get(url_a.rstrip("/") + "/note/3")
        out["a_discard_forms"] = len(a.find_elements(By.CSS_SELECTOR, "form[action$='/note/3/discard']"))
        out["a_settle"] = a.find_element(By.CSS_SELECTOR, "section.settle").text
        # A posts the discard form anyway, with the fields B's page carries (the page offered him none).
        b.get(url_b.rstrip("/") + "/note/3")
        page = b.page_source
        form = {"csrf": csrf_of(page), "seen": re.search(r'name="seen" value="(\w*)"', page).group(1)}
        status, body, _ = request(url_a, "POST", "/note/3/discard", urllib.parse.urlencode(form))
        out["a_post_status"], out["a_post_body"] = status, body
        press_and_wait(b, b.find_element(By.CSS_SELECTOR, "form[action$='/note/3/discard'] button").click)
        out["b_kept"] = b.find_element(By.CSS_SELECTOR, ".message.done").text
        out["b_history"] = b.find_element(By.CSS_SELECTOR, "ol.history").text
    except Exception:
        sys.stderr.write(f"steps done: {sorted(out)}\n{a.page_source[:2000]}\n")
        raise
    finally:
        a.quit()
        b.quit()
    print(json.dumps(out, ensure_ascii=False))


def walk(url_a, url_b, width):
    """Two volunteers on phones (touch, WIDTH px) through a TLS proxy: each decides from her own link, both
    open one note and the second is told, one sends to D1, the other fetches D1's state and reads each note
    as D1 has it. Every page kept: its visible text, width, tap targets under 44 px and the state it shows."""
    from selenium.webdriver.common.by import By

    a, b = chromium(["--ignore-certificate-errors"]), chromium(["--ignore-certificate-errors"])
    for driver in (a, b):
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    out = {"pages": {}}

    def keep(driver, key):
        states = driver.find_elements(By.CSS_SELECTOR, "main > p strong")
        out["pages"][key] = {
            "text": driver.find_element(By.TAG_NAME, "body").text,
            "width": driver.execute_script("return document.documentElement.scrollWidth"),
            "small": driver.execute_script(SMALL_TARGETS),
            "state": states[0].text if states else "",
            "url": driver.current_url,
        }

    def button(driver, action):
        return driver.find_element(
            By.XPATH, f"//form[input[@name='action' and @value='{action}']]//button[@type='submit' and not(@formaction)]")

    try:
        base_a, base_b = url_a.rstrip("/"), url_b.rstrip("/")
        a.get(base_a + "/")
        keep(a, "a_queue")
        a.get(base_a + "/note/3")
        keep(a, "a_note3")
        press_and_wait(a, button(a, "approve").click)
        keep(a, "a_approved3")
        b.get(base_b + "/")
        keep(b, "b_queue")
        b.get(base_b + "/note/4")
        b.find_element(By.CSS_SELECTOR, "input[name=preset][value=spam]").click()
        press_and_wait(b, button(b, "reject").click)
        keep(b, "b_rejected4")
        # Both open note 7; 阿明 approves first, 小美's page is then stale and she is told.
        a.get(base_a + "/note/7")
        b.get(base_b + "/note/7")
        press_and_wait(a, button(a, "approve").click)
        press_and_wait(b, button(b, "approve").click)
        keep(b, "b_told7")
        a.get(base_a + "/sync")
        keep(a, "a_sync")
        press_and_wait(a, a.find_element(By.CSS_SELECTOR, "form[action$='/sync/push'] button").click)
        keep(a, "a_sent")
        b.get(base_b + "/sync")
        press_and_wait(b, b.find_element(By.CSS_SELECTOR, "form[action$='/sync/pull'] button").click)
        keep(b, "b_fetched")
        for note in (3, 4, 7):
            b.get(base_b + f"/note/{note}")
            keep(b, f"b_note{note}")
    except Exception:
        sys.stderr.write(f"steps done: {sorted(out['pages'])}\n{b.page_source[:2000]}\n{a.page_source[:2000]}\n")
        raise
    finally:
        a.quit()
        b.quit()
    print(json.dumps(out, ensure_ascii=False))


def proxied(url):
    from selenium.webdriver.common.by import By

    driver = chromium(["--ignore-certificate-errors"])
    out = {}
    try:
        base = url.rstrip("/")
        driver.get(base + "/")
        out["queue_title"] = driver.title
        driver.get(base + "/note/3")
        press_and_wait(driver, driver.find_element(By.XPATH, "//button[text()='Approve']").click)
        out["done"] = driver.find_element(By.CSS_SELECTOR, ".message.done").text
        out["landed_at"] = driver.current_url
    except Exception:
        sys.stderr.write(f"steps done: {sorted(out)}\n{driver.page_source[:2000]}\n")
        raise
    finally:
        driver.quit()
    print(json.dumps(out, ensure_ascii=False))


def settle(url, way, width):
    from selenium.webdriver.common.by import By

    driver = chromium()
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})
    out = {}

    def press(selector):
        press_and_wait(driver, driver.find_element(By.CSS_SELECTOR, selector).click)

    def note_page(key):
        out[key + "_html"] = driver.page_source
        out[key + "_width"] = driver.execute_script("return document.documentElement.scrollWidth")
        out[key + "_decide_forms"] = len(driver.find_elements(By.CSS_SELECTOR, "form[action$='/note/3/decide']"))
        out[key + "_state"] = driver.find_element(By.CSS_SELECTOR, "main > p strong").text
        settle = driver.find_elements(By.CSS_SELECTOR, "section.settle")
        out[key + "_settle"] = settle[0].text if settle else ""
        done = driver.find_elements(By.CSS_SELECTOR, ".message.done")
        out[key + "_done"] = done[0].text if done else ""

    try:
        base = url.rstrip("/")
        driver.get(base + "/note/3")
        note_page("conflict")
        if way in ("keep", "keep-offline"):
            # With --wrangler the page fetches D1's state at once; without, it says a fetch comes first.
            press("form[action$='/note/3/discard'] button")
            note_page("kept")
            first = driver.find_elements(By.ID, "fetch-first")
            out["kept_fetch_first"] = first[0].text if first else ""
            out["kept_pull_forms"] = len(driver.find_elements(By.CSS_SELECTOR, "form[action$='/sync/pull']"))
        else:
            press("section.settle form[action$='/sync/pull'] button")
            note_page("pulled")
            driver.find_element(By.CSS_SELECTOR, "input[name=reason][required]").send_keys("not spam")
            press("form[action$='/note/3/decide'] input[value=reopen] ~ fieldset button")
            note_page("decided")
            driver.get(base + "/sync")
            press("form[action$='/sync/push'] button")
            out["push_output"] = driver.find_element(By.ID, "push-output").text
    except Exception:
        sys.stderr.write(f"steps done: {sorted(out)}\n{driver.page_source[:3000]}\n")
        raise
    finally:
        driver.quit()
    print(json.dumps(out, ensure_ascii=False))


def opened(url, width, paths):
    from selenium.webdriver.common.by import By

    driver = chromium()
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})
    out = {}
    try:
        base = url.rstrip("/")
        for path in paths:
            driver.get(base + path)
            # What a moderator can open: every fold but the one kept for the page's owner.
            for fold in driver.find_elements(By.CSS_SELECTOR, "details:not(.owner)"):
                driver.execute_script("arguments[0].open = true", fold)
            out[path] = {
                "text": driver.find_element(By.TAG_NAME, "body").text,
                "width": driver.execute_script("return document.documentElement.scrollWidth"),
                "owner": [e.get_attribute("textContent") for e in driver.find_elements(
                    By.CSS_SELECTOR, "details.owner > summary")],
            }
    except Exception:
        sys.stderr.write(f"steps done: {sorted(out)}\n{driver.page_source[:3000]}\n")
        raise
    finally:
        driver.quit()
    print(json.dumps(out, ensure_ascii=False))


def probe(url):
    hostname, port, base = split(url)
    token = base.strip("/")
    out = {}
    connection = http.client.HTTPConnection(hostname, port, timeout=10)
    connection.request("GET", "/", headers={"Host": f"{hostname}:{port}"})
    out["no_token"] = connection.getresponse().status
    connection.close()
    connection = http.client.HTTPConnection(hostname, port, timeout=10)
    wrong = token[:-1] + ("1" if token.endswith("0") else "0")
    connection.request("GET", "/" + wrong + "/", headers={"Host": f"{hostname}:{port}"})
    out["wrong_token"] = connection.getresponse().status
    connection.close()
    queue = request(url, "GET", "/")[1]
    out["raw_markup"] = "<b>bold</b>" in queue or "\x1b" in queue or "\u202e" in queue
    out["escaped_markup"] = "&lt;b&gt;bold&lt;/b&gt;" in queue
    out["full_session"] = "e1f2a3b4-0000-4000-8000-000000000008" in queue
    status, page, headers = request(url, "GET", "/note/4")
    out["page"] = status
    out["csp"] = headers.get("Content-Security-Policy", "")
    csrf = csrf_of(page)
    version, state, digest = seen(page)
    out["foreign_host"] = request(url, "GET", "/", host="attacker.example:80")[0]
    out["missing_csrf"] = request(
        url, "POST", "/note/4/decide", urllib.parse.urlencode({"action": "approve", "version": version, "state": state}))[0]
    out["wrong_csrf"] = decide(url, "0" * 64, 4, version, state, "approve", digest)[0]
    out["foreign_origin"] = request(
        url, "POST", "/note/4/decide",
        urllib.parse.urlencode({"csrf": csrf, "action": "approve", "version": version, "state": state}),
        headers={"Origin": "http://attacker.example"})[0]
    out["oversized"] = request(url, "POST", "/note/4/decide", "reason=" + "x" * 70000 + "&csrf=" + csrf)[0]
    out["method"] = request(url, "DELETE", "/note/4")[0]
    out["after"] = seen(request(url, "GET", "/note/4")[1])
    print(json.dumps(out))


def load(url, clients, count, notes):
    status, page, _ = request(url, "GET", "/")
    csrf = csrf_of(page)
    latencies = []
    errors = []
    decided = []
    conflicts = [0]
    lock = threading.Lock()

    def client(number):
        rng = random.Random(number)
        for index in range(count):
            note = rng.randint(1, notes)
            try:
                started = time.monotonic()
                if index % 2 == 0:
                    path = "/" if index % 4 == 0 else f"/note/{note}"
                    status, page, _ = request(url, "GET", path)
                    ok = status == 200
                else:
                    status, page, _ = request(url, "GET", f"/note/{note}")
                    version, state, digest = seen(page)
                    if state == "pending":
                        action, extra = rng.choice([("approve", {}), ("reject", {"preset": "spam"})])
                    else:
                        action, extra = "reopen", {"reason": "load test"}
                    status, _, _ = decide(url, csrf, note, version, state, action, digest, **extra)
                    # 200: another client had already decided the same way (a success naming who decided)
                    ok = status in (200, 303, 409)
                    with lock:
                        if status == 303:
                            decided.append([note, version + 1])
                        elif status in (200, 409):
                            conflicts[0] += 1
                elapsed = time.monotonic() - started
                with lock:
                    latencies.append(elapsed)
                    if not ok:
                        errors.append([path if index % 2 == 0 else "decide", status])
            except Exception as error:  # a refused or reset connection is an error of the run
                with lock:
                    errors.append(["exception", repr(error)])

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.monotonic() - started
    latencies.sort()

    def percentile(p):
        return round(latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))] * 1000, 1)

    print(json.dumps({
        "requests": len(latencies), "errors": errors[:10], "error_count": len(errors), "decided": decided,
        "conflicts": conflicts[0], "seconds": round(wall, 2), "p50_ms": percentile(50), "p90_ms": percentile(90),
        "p99_ms": percentile(99), "max_ms": round(latencies[-1] * 1000, 1),
    }))


def decide_until_killed(url, notes, seconds):
    status, page, _ = request(url, "GET", "/")
    csrf = csrf_of(page)
    decided = []
    stop = time.monotonic() + seconds
    note = 0
    sys.stdout.write("started\n")
    sys.stdout.flush()
    while time.monotonic() < stop:
        note = note % notes + 1
        try:
            page = request(url, "GET", f"/note/{note}")[1]
            version, state, digest = seen(page)
            action, extra = ("approve", {}) if state == "pending" else ("reopen", {"reason": "again"})
            status = decide(url, csrf, note, version, state, action, digest, **extra)[0]
        except Exception:
            break
        if status == 303:
            decided.append([note, version + 1])
            # One line per decision the page reported done, so a test can act after the Nth, not after a pause.
            sys.stdout.write(f"decided {len(decided)}\n")
            sys.stdout.flush()
    print(json.dumps({"decided": decided}))


# Every link, button, box and menu a finger can tap (a radio or checkbox by its label) that is under 44 px
# either way, as "tag 'text' W×H"; what is folded away (no box) is left out.
SMALL_TARGETS = """
const small = [];
for (const element of document.querySelectorAll('a[href], button:not([disabled]), select, summary, textarea, input:not([type=hidden]):not([disabled])')) {
  const target = ['radio', 'checkbox'].includes(element.type) ? (element.closest('label') || element) : element;
  const box = target.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) continue;
  if (box.width < 44 || box.height < 44) {
    const text = (target.innerText || target.value || '').trim().slice(0, 30);
    small.push(`${target.tagName.toLowerCase()} '${text}' ${Math.round(box.width)}×${Math.round(box.height)}`);
  }
}
return small;
"""


def tour(url, width, outdir, database=None):
    """Every state a moderator reaches on the page, at WIDTH px: each page's visible text (as
    chromium renders it), its width, and a screenshot; the plain refusals fetched directly."""
    from selenium.webdriver.common.by import By

    driver = chromium()

    def phone():
        # Per tab: a new tab starts at the window's width.
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})

    phone()
    out = {"pages": {}}
    base = url.rstrip("/")

    def keep(key):
        body = driver.find_element(By.TAG_NAME, "body")
        out["pages"][key] = {
            "text": body.text,
            "width": driver.execute_script("return document.documentElement.scrollWidth"),
            "disabled": [b.text for b in driver.find_elements(By.CSS_SELECTOR, "button[disabled]")],
            "undo": len(driver.find_elements(By.CSS_SELECTOR, "form[action$='/undo']")),
            "small": driver.execute_script(SMALL_TARGETS),
        }
        driver.save_screenshot(f"{outdir}/{key}.png")

    def button(action):
        return driver.find_element(By.XPATH, f"//form[input[@name='action' and @value='{action}']]//button[@type='submit' and not(@formaction)]")

    def press(element):
        press_and_wait(driver, element.click)

    try:
        driver.get(base + "/")
        keep("queue")
        driver.get(base + "/note/4")
        keep("pending")
        # Reject with "other reason" left empty: refused, in the page's language.
        driver.find_element(By.CSS_SELECTOR, "input[name=preset][value=other]").click()
        press(button("reject"))
        keep("refused_reason")
        driver.get(base + "/note/4")
        driver.find_element(By.CSS_SELECTOR, "input[name=preset][value=spam]").click()
        press(button("reject"))
        keep("rejected")
        driver.get(base + "/note/3")
        press(button("approve"))
        keep("approved")
        # Promote with a typed label, never previewed.
        label = driver.find_element(By.CSS_SELECTOR, "input[name=label]")
        label.clear()
        label.send_keys("寵物")
        press(button("promote"))
        keep("promoted")
        out["promoted_option"] = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".preview")]
        undo = driver.find_elements(By.CSS_SELECTOR, "form[action$='/note/3/undo'] button")
        if undo:
            press(undo[0])
            keep("undone")
            label = driver.find_element(By.CSS_SELECTOR, "input[name=label]")
            label.clear()
            label.send_keys("寵物與動物")
            driver.find_element(By.CSS_SELECTOR, "select[name=section] option[value=original]").click()
            press(button("promote"))
            keep("promoted_again")
        driver.get(base + "/sync")
        keep("sync_queued")
        press(driver.find_element(By.CSS_SELECTOR, "form[action$='/sync/push'] button"))
        keep("pushed")
        driver.get(base + "/sync")
        keep("sync_empty")
        driver.get(base + "/note/3")
        keep("promoted_pushed")
        # Two tabs on note 7: the first approves; the second rejects (409), then approves (already so).
        driver.get(base + "/note/7")
        first = driver.current_window_handle
        driver.switch_to.new_window("tab")
        phone()
        driver.get(base + "/note/7")
        second = driver.current_window_handle
        driver.switch_to.new_window("tab")
        phone()
        driver.get(base + "/note/7")
        third = driver.current_window_handle
        driver.switch_to.window(first)
        press(button("approve"))
        driver.switch_to.window(second)
        driver.find_element(By.CSS_SELECTOR, "input[name=preset][value=duplicate]").click()
        press(button("reject"))
        keep("conflict")
        driver.switch_to.window(third)
        press(button("approve"))
        keep("already_same")
        driver.get(base + "/sync")
        pull = driver.find_elements(By.CSS_SELECTOR, "form[action$='/sync/pull'] button")
        if pull:
            press(pull[0])
            keep("pulled")
        driver.get(base + "/no-such-page")
        keep("not_found")
        token = base.rsplit("/", 1)[1]
        driver.get(base[: -len(token)] + ("0" * len(token)) + "/")
        keep("wrong_link")
        if database:
            # The server's own error: the copy is not a database for one request, then put back.
            os.replace(database, database + ".aside")
            try:
                with open(database, "w") as broken:
                    broken.write("not a database")
                driver.get(base + "/")
                keep("server_error")
            finally:
                os.replace(database + ".aside", database)
    except Exception:
        sys.stderr.write(f"steps done: {sorted(out['pages'])}\nat {driver.current_url}\n{driver.page_source[:3000]}\n")
        raise
    finally:
        driver.quit()
    # The plain answers a browser meets only by accident: a broken form, a foreign Host, another method, a
    # form from another site, a form whose CSRF token is stale.
    page = request(url, "GET", "/note/4")[1]
    csrf = csrf_of(page)
    plain = {
        "bad_form": request(url, "POST", "/note/4/decide", urllib.parse.urlencode({"csrf": csrf}))[1],
        "foreign_host": request(url, "GET", "/", host="attacker.example:80")[1],
        "method": request(url, "DELETE", "/note/4")[1],
        "foreign_origin": request(
            url, "POST", "/note/4/decide", urllib.parse.urlencode({"csrf": csrf}),
            headers={"Origin": "http://attacker.example"})[1],
        "stale_csrf": request(url, "POST", "/note/4/decide", urllib.parse.urlencode({"csrf": "0" * 64}))[1],
        "bad_section": request(url, "GET", "/note/4?label=x&section=elsewhere")[1],
    }
    out["plain"] = plain
    print(json.dumps(out, ensure_ascii=False))


def timed(url, path):
    """One GET over a new connection: seconds to the whole answer, status, body bytes."""
    hostname, port, base = split(url)
    started = time.monotonic()
    connection = http.client.HTTPConnection(hostname, port, timeout=120)
    connection.request("GET", base + path, headers={"Host": f"{hostname}:{port}"})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return time.monotonic() - started, response.status, body


def spam(url, note, long_note):
    out = {"queue": {}}
    for path in ["/", "/?order=newest", "/?order=oldest&page=40", "/?order=newest&page=3"]:
        runs = [timed(url, path) for _ in range(3)]
        out["queue"][path] = {
            "seconds": [round(run[0], 3) for run in runs], "status": [run[1] for run in runs],
            "bytes": max(len(run[2]) for run in runs)}
    out["newest_body"] = timed(url, "/?order=newest")[2].decode("utf-8")
    out["note_alone"] = [round(timed(url, f"/note/{note}")[0], 3) for _ in range(3)]
    # Another client loads the queue (its slowest page) again and again; the note page is asked only once that
    # client's request has been sent (a barrier, not a pause), five times.
    loading = threading.Event()
    stop = threading.Event()
    loads = []

    def loader():
        while not stop.is_set():
            loading.set()
            seconds, status, body = timed(url, "/?order=newest")
            loads.append([round(seconds, 3), status, len(body)])

    thread = threading.Thread(target=loader)
    thread.start()
    loading.wait(30)
    during = []
    for _ in range(5):
        seconds, status, _ = timed(url, f"/note/{note}")
        during.append([round(seconds, 3), status])
    stop.set()
    thread.join()
    out["note_during"] = during
    out["queue_loads_meanwhile"] = loads
    seconds, status, body = timed(url, f"/note/{long_note}")
    out["long_note"] = {"seconds": round(seconds, 3), "status": status, "bytes": len(body)}
    print(json.dumps(out, ensure_ascii=False))


def paging(url, width):
    from selenium.webdriver.common.by import By

    driver = chromium()
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    base = url.rstrip("/")
    out = {}

    def state(key):
        out[key] = {
            "url": driver.current_url[len(base):],
            "pager": [e.text for e in driver.find_elements(By.CSS_SELECTOR, "nav.pager > p:first-child")],
            "notes": [int(e.get_attribute("id")[5:]) for e in driver.find_elements(By.CSS_SELECTOR, "article")],
            "text": driver.find_element(By.TAG_NAME, "body").text,
            "width": driver.execute_script("return document.documentElement.scrollWidth"),
            "links": [e.get_attribute("href") for e in driver.find_elements(By.TAG_NAME, "a")],
            # Every tap target the pages of the queue add: order, previous and next, read a note whole.
            "targets": driver.execute_script(
                "return Array.from(document.querySelectorAll('nav.pager .tap, article a')).map(e => {"
                " const r = e.getBoundingClientRect(); return [e.textContent, r.width, r.height]; })"),
            "first_is_needs_you": driver.execute_script(
                "const n = document.querySelector('.needs-you'), a = document.querySelector('nav.pager');"
                " return !!n && !!a && !!(n.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING);"),
        }

    try:
        driver.get(base + "/")
        state("first")
        press_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "nav.pager a[href*='order=newest']").click)
        state("newest")
        press_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "nav.pager a[rel=next]").click)
        state("newest_2")
        press_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "nav.pager a[rel=prev]").click)
        state("newest_back")
        # The last page, by its next links, is reached from the oldest-first order's second page.
        driver.get(base + "/?order=oldest&page=2")
        state("oldest_2")
        whole = [e for e in driver.find_elements(By.CSS_SELECTOR, "article a") if e.get_attribute("href").endswith(
            "/note/" + str(out["oldest_2"]["notes"][0]))]
        press_and_wait(driver, whole[0].click)
        out["read_whole"] = {
            "url": driver.current_url[len(base):],
            "note": driver.execute_script("return document.querySelector('.note').textContent"),
        }
    except Exception:
        sys.stderr.write(f"steps done: {sorted(out)}\nat {driver.current_url}\n{driver.page_source[:3000]}\n")
        raise
    finally:
        driver.quit()
    print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "browser":
        browser(sys.argv[2], sys.argv[3])
    elif command == "hosts":
        print(json.dumps({host: request(sys.argv[2], "GET", "/", host=host)[0] for host in sys.argv[3:]}))
    elif command == "fetch":
        status, body, headers = request(sys.argv[2], "GET", sys.argv[3])
        print(json.dumps({"status": status, "body": body}, ensure_ascii=False))
    elif command == "moderators":
        moderators(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 1280)
    elif command == "fields":
        print(json.dumps(fields(sys.argv[2], sys.argv[3])))
    elif command == "post":
        print(json.dumps(post(sys.argv[2], sys.argv[3], json.loads(sys.argv[4])), ensure_ascii=False))
    elif command == "proxied":
        proxied(sys.argv[2])
    elif command == "walk":
        walk(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    elif command == "undo-mine":
        undo_mine(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
    elif command == "undo-lost":
        undo_lost(sys.argv[2], int(sys.argv[3]), sys.argv[4:])
    elif command == "conflicts":
        conflicts(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    elif command == "keep-mine":
        keep_mine(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    elif command == "settle":
        settle(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    elif command == "tour":
        tour(sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5] if len(sys.argv) > 5 else None)
    elif command == "opened":
        opened(sys.argv[2], int(sys.argv[3]), sys.argv[4:])
    elif command == "probe":
        probe(sys.argv[2])
    elif command == "load":
        load(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
    elif command == "spam":
        spam(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif command == "paging":
        paging(sys.argv[2], int(sys.argv[3]))
    elif command == "decide":
        decide_until_killed(sys.argv[2], int(sys.argv[3]), float(sys.argv[4]))
