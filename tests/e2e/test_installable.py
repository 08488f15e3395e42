"""An app Chromium offers to install: a manifest with a name, a start address, a window of
its own and icons it can load, linked from every page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.e2e.conftest import Server


@pytest.mark.parametrize("address", ["/", "/stats", "/rules/foursquare"])
def test_every_page_links_the_manifest(page: Page, shared_server: Server, address: str) -> None:
    page.goto(shared_server.url + address.lstrip("/"))
    assert page.locator('link[rel="manifest"]').get_attribute("href") == "/manifest.webmanifest"


def test_the_manifest_is_served_and_chromium_finds_the_app_installable(
    page: Page, shared_server: Server
) -> None:
    page.goto(shared_server.url)
    answer = page.request.get(shared_server.url + "manifest.webmanifest")
    assert answer.ok and answer.headers["content-type"].startswith("application/manifest+json")
    manifest = answer.json()
    assert manifest["name"] == "Squares" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "/"
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        picture = page.request.get(shared_server.url + icon["src"].lstrip("/"))
        assert picture.ok and picture.headers["content-type"] == icon["type"]
    cdp = page.context.new_cdp_session(page)
    try:
        parsed = cdp.send("Page.getAppManifest")
        assert not parsed.get("errors"), parsed.get("errors")
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        # a Playwright context is an off-the-record profile, where nothing is ever installed
        assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
    finally:
        cdp.detach()


def test_the_manifest_speaks_the_pages_language(page: Page, shared_server: Server) -> None:
    answer = page.request.get(
        shared_server.url + "manifest.webmanifest", headers={"Accept-Language": "de"}
    )
    manifest = answer.json()
    assert manifest["lang"] == "de"
    assert manifest["description"].startswith("Zwei")
