#!/usr/bin/env python3
"""Writes one broken twin of Tests/Fixtures/app per validation rule: broken/<rule>/{plugins,rivers}.json.

Each twin differs from the valid app by one change, so its test can assert one exact message.
Run it again after changing the app fixture: python3 Tests/Fixtures/broken/generate.py
"""
import copy
import json
import pathlib
import shutil

here = pathlib.Path(__file__).parent
app = here.parent / "app"
plugins = json.loads((app / "plugins.json").read_text())
rivers = json.loads((app / "rivers.json").read_text())


def plugin(ps, identifier):
    return next(e["plugin"] for e in ps if e["plugin"]["identifier"] == identifier)


def screen(rs, type_=None, home=None):
    return next(s for s in rs if (type_ is None or s["type"] == type_) and (home is None or s["home"] == home))


def nav_bar(s):
    return next(n for n in s["navigations"] if n["category"] == "nav_bar")


def menu(s):
    return next(n for n in s["navigations"] if n["category"] == "menu")


def twin(name, change):
    ps, rs = copy.deepcopy(plugins), copy.deepcopy(rivers)
    result = change(ps, rs)
    if result is not None:
        ps, rs = result
    folder = here / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    for file, value in (("plugins.json", ps), ("rivers.json", rs)):
        text = value if isinstance(value, str) else json.dumps(value, indent=4) + "\n"
        (folder / file).write_text(text)


twin("plugins-not-array", lambda ps, rs: ({"plugin": ps[0]["plugin"]}, rs))
twin("manifest-missing-identifier", lambda ps, rs: plugin(ps, "side_menu").pop("identifier") and None)
twin("manifest-wrong-value-type", lambda ps, rs: plugin(ps, "epg_legacy_screen").update(screen="yes"))
twin("manifest-unknown-type", lambda ps, rs: plugin(ps, "FacebookLoginPlugin").update(type="social"))
twin("configuration-not-object", lambda ps, rs: ps[4].update(configuration_json=["UA-1"]))
twin("sha256-not-a-digest", lambda ps, rs: plugin(ps, "side_menu").update(plugboard={"library": "SideMenu", "sha256": "abc"}))
twin("screen-missing-id", lambda ps, rs: screen(rs, "epg_legacy_screen").pop("id") and None)
twin("screen-bad-presentation", lambda ps, rs: screen(rs, "settings_contact_us_legacy")["styles"].update(presentation="modal"))
twin("screen-force-nav-bar-hidden-not-bool", lambda ps, rs: screen(rs, "settings_contact_us_legacy")["styles"].update(force_nav_bar_hidden="true"))
twin("nav-bar-bad-state", lambda ps, rs: nav_bar(screen(rs, home=True))["styles"].update(state="ontop"))
twin("nav-bar-bad-presentation-style", lambda ps, rs: nav_bar(screen(rs, home=True))["styles"].update(presentation_style="icon"))
twin("nav-bar-bad-color", lambda ps, rs: nav_bar(screen(rs, home=True))["styles"].update(background_color="black"))
twin("nav-bar-bad-title-size", lambda ps, rs: nav_bar(screen(rs, home=True))["styles"].update(title_size="large"))
twin("nav-bar-bad-asset-url", lambda ps, rs: nav_bar(screen(rs, home=True))["assets"].update(app_logo="logo.png"))
twin("nav-bar-several-errors", lambda ps, rs: nav_bar(screen(rs, home=True))["styles"].update(state="ontop", title_color="#FFF"))
twin("navigation-bad-category", lambda ps, rs: menu(screen(rs, home=True)).update(category="tabs"))
twin("nav-item-unknown-type", lambda ps, rs: nav_bar(screen(rs, home=True))["nav_items"][2].update(type="hologram"))
twin("nav-item-target-missing", lambda ps, rs: nav_bar(screen(rs, home=True))["nav_items"][0]["data"].update(target="no-such-screen"))
twin("no-home", lambda ps, rs: screen(rs, home=True).update(home=False))
twin("two-homes", lambda ps, rs: screen(rs, "epg_legacy_screen").update(home=True))
twin("navigation-type-unknown", lambda ps, rs: nav_bar(screen(rs, home=True)).update(navigation_type="fancy_bar"))
twin("navigation-type-wrong-kind", lambda ps, rs: nav_bar(screen(rs, home=True)).update(navigation_type="side_menu"))
twin("screen-type-unknown", lambda ps, rs: screen(rs, "epg_legacy_screen").update(type="player_screen"))
twin("screen-type-not-a-screen-plugin", lambda ps, rs: screen(rs, "epg_legacy_screen").update(type="TestAnalyticsProvider_iOS"))
twin("duplicate-screen-id", lambda ps, rs: screen(rs, "epg_legacy_screen").update(id=screen(rs, home=True)["id"]))
twin("duplicate-plugin-identifier", lambda ps, rs: plugin(ps, "FacebookLoginPlugin").update(identifier="side_menu"))
twin("duplicate-navigation-id", lambda ps, rs: menu(screen(rs, home=True)).update(id=nav_bar(screen(rs, home=True))["id"]))
twin("duplicate-nav-item-id", lambda ps, rs: nav_bar(screen(rs, home=True))["nav_items"][1].update(id=nav_bar(screen(rs, home=True))["nav_items"][0]["id"]))


def bad_default(ps, rs):
    # The screen leaves background_color to the manifest, whose initial value is broken.
    screen(rs, "epg_legacy_screen")["styles"].pop("background_color")
    field = next(f for f in plugin(ps, "epg_legacy_screen")["styles"]["fields"] if f["key"] == "background_color")
    field["initial_value"] = "rgba(300,0,0,1)"


twin("bad-manifest-default", bad_default)
