//! __DISPLAY__ (`__PLUGIN_ID__`): a Plugboard navigation-bar plugin in Rust, made by
//! `plugboard new --lang rust` for __NAME__.
//!
//! The bar shows, left to right:
//!
//!     [context button]  Title  .............  [nav item] [nav item]
//!
//!  - the context button the host asks for (`set_context_button`: menu, back, close or none),
//!    whose tap goes back to the host's navigation-bar manager (`button_pressed`);
//!  - the title the host gives in `update_title`, shown when the bar model's presentation style
//!    is `title`, in the title font and colour of the customization helper;
//!  - one navigation button per nav item of the bar model, made by the host
//!    (`make_navigation_button`: it knows what an item does; its taps go to the manager
//!    directly), placed by the bar;
//!  - the background colour of the customization helper.
//!
//! The call order (plugboard/nav_bar.h), all on the host's main thread: `create` (no host
//! calls), `init` (build views, make navigation buttons), then each time its container's top
//! screen changes `customize_for_screen`, `update_title`, `set_context_button`; `view` and `layout`
//! whenever the host lays the bar out; `destroy`. Every step is logged through `host->log`.
//!
//! `src/plugboard.rs` declares the whole ABI (`plugboard.h`); plugboard/nav_bar.h and
//! plugboard/nav_bar_host.h are the contract. Build with `cargo build --release`, then try the
//! library with `plugboard check target/release/lib__SNAKE__.so`.

mod plugboard;

use plugboard::*;
use std::ffi::{c_char, c_void, CStr, CString};
use std::ptr;

/// Matched against the manifest's `identifier` (plugins.json).
const PLUGIN_ID: &CStr = c"__PLUGIN_ID__";

/// What the host reads about the plugin. Its strings are constants, so it is valid from the
/// entry's `init` to its last `deinit`. No PB_PLUGIN_FLAG_SCREEN: a bar is not a screen.
static DESCRIPTOR: pb_plugin_descriptor_t = pb_plugin_descriptor_t {
    abi_version: PB_VERSION_INIT,
    id: PLUGIN_ID.as_ptr(),
    name: c"__DISPLAY__".as_ptr(),
    vendor: c"__VENDOR__".as_ptr(),
    version: c"0.1.0".as_ptr(),
    description: c"A navigation bar: context button, title, the host's navigation buttons".as_ptr(),
    kind: PB_PLUGIN_KIND_NAV_BAR,
    flags: 0,
};

/// Sizes in points. The host gives the bar view the bar's area (44 pt high on a phone).
const CONTEXT_WIDTH: f64 = 64.0;
const NAV_BUTTON_WIDTH: f64 = 88.0;
const MIN_TITLE_WIDTH: f64 = 64.0;
const PADDING: f64 = 8.0;

// ------------------------------------------------------------------------------------------------
// The host, as this instance sees it
// ------------------------------------------------------------------------------------------------

/// The instance's `pb_host_t` with the calls this plugin makes. The pointer stays valid until
/// `destroy` returns (plugboard/host.h); calls are refused during `create`, so they start in
/// `init`.
#[derive(Clone, Copy)]
struct Host(*const pb_host_t);

impl Host {
    fn raw(&self) -> &pb_host_t {
        unsafe { &*self.0 }
    }

    fn views(&self) -> &pb_view_api_t {
        unsafe { &*self.raw().views }
    }

    /// The host extension `id`, or None when the host does not offer it. Host extensions live
    /// as long as the instance.
    fn extension<'a, T>(&self, id: &CStr) -> Option<&'a T> {
        let get_extension = self.raw().get_extension?;
        unsafe { (get_extension(self.0, id.as_ptr()) as *const T).as_ref() }
    }

    fn log(&self, message: &str) {
        let message = CString::new(message).unwrap_or_default();
        if let Some(log) = self.raw().log {
            unsafe { log(self.0, PB_LOG_INFO, message.as_ptr()) };
        }
    }

    fn create(&self, kind: pb_view_kind_t) -> pb_view_t {
        match self.views().create {
            Some(create) => unsafe { create(self.0, kind) },
            None => PB_VIEW_NONE,
        }
    }

    fn release(&self, view: pb_view_t) {
        if let (Some(release), true) = (self.views().release, view != PB_VIEW_NONE) {
            unsafe { release(self.0, view) };
        }
    }

    fn set_identifier(&self, view: pb_view_t, identifier: &CStr) {
        if let Some(set_identifier) = self.views().set_identifier {
            unsafe { set_identifier(self.0, view, identifier.as_ptr()) };
        }
    }

    /// `text` is the caller's; the host copies it. NULL clears.
    fn set_text(&self, view: pb_view_t, text: *const c_char) {
        if let Some(set_text) = self.views().set_text {
            unsafe { set_text(self.0, view, text) };
        }
    }

    fn set_text_color(&self, view: pb_view_t, color: pb_argb_t) {
        if let Some(set_text_color) = self.views().set_text_color {
            unsafe { set_text_color(self.0, view, color) };
        }
    }

    fn set_background_color(&self, view: pb_view_t, color: pb_argb_t) {
        if let Some(set_background_color) = self.views().set_background_color {
            unsafe { set_background_color(self.0, view, color) };
        }
    }

    /// `url` is the caller's (or the host's, valid during the call); NULL clears.
    fn set_image_url(&self, view: pb_view_t, url: *const c_char) {
        if let Some(set_image_url) = self.views().set_image_url {
            unsafe { set_image_url(self.0, view, url) };
        }
    }

    fn set_font(&self, view: pb_view_t, font: pb_font_t) {
        if let (Some(set_font), true) = (self.views().set_font, font.size > 0.0) {
            unsafe { set_font(self.0, view, font.family, font.size) };
        }
    }

    fn set_hidden(&self, view: pb_view_t, hidden: bool) {
        if let Some(set_hidden) = self.views().set_hidden {
            unsafe { set_hidden(self.0, view, hidden) };
        }
    }

    fn set_frame(&self, view: pb_view_t, x: f64, y: f64, width: f64, height: f64) {
        // Widths and heights must be finite and >= 0 (plugboard/view.h).
        let frame = pb_rect_t {
            x,
            y,
            width: width.max(0.0),
            height: height.max(0.0),
        };
        if let Some(set_frame) = self.views().set_frame {
            unsafe { set_frame(self.0, view, frame) };
        }
    }

    fn add_child(&self, parent: pb_view_t, child: pb_view_t) {
        if let Some(add_child) = self.views().add_child {
            unsafe { add_child(self.0, parent, child) };
        }
    }

    fn set_tap_action(&self, view: pb_view_t, action: pb_tap_action_t, context: *mut c_void) {
        if let Some(set_tap_action) = self.views().set_tap_action {
            unsafe { set_tap_action(self.0, view, action, context) };
        }
    }
}

/// A C string of the host's as an owned Rust string (None for NULL or non-UTF-8).
fn owned(text: *const c_char) -> Option<String> {
    if text.is_null() {
        return None;
    }
    unsafe { CStr::from_ptr(text) }
        .to_str()
        .ok()
        .map(str::to_string)
}

// ------------------------------------------------------------------------------------------------
// The bar
// ------------------------------------------------------------------------------------------------

/// One navigation button: a view the host made for a nav item, owned by this bar. Its
/// identifier (`nav-item:<id>`), text and tap action are the host's: keep them.
struct NavButton {
    item_id: String,
    view: pb_view_t,
}

/// One bar instance. `bar` is what the host sees; its `plugin_data` points back here.
struct Bar {
    bar: pb_nav_bar_t,
    host: Host,
    /// Host extensions, fetched in `init` (plugboard/nav_bar_host.h, plugboard/model.h). The
    /// host's structs live as long as the instance, that is as long as this struct.
    manager: Option<&'static pb_host_nav_bar_t>,
    look: Option<&'static pb_host_nav_bar_customization_t>,
    model: Option<&'static pb_host_model_t>,
    /// The views this instance creates (and so owns): the bar view and its children.
    root: pb_view_t,
    title: pb_view_t,
    context: pb_view_t,
    /// The host's navigation buttons for the current bar model, in model order, and the nav
    /// item ids they were made for (None before the first `make_buttons`).
    buttons: Vec<NavButton>,
    items: Option<Vec<String>>,
    /// What the last calls said, for `layout`.
    context_kind: pb_context_button_t,
    width: f64,
    height: f64,
}

impl Bar {
    /// The instance behind the host's pointer.
    ///
    /// # Safety
    /// `bar` must be a pointer `create` returned that `destroy` has not freed yet.
    unsafe fn of<'a>(bar: *const pb_nav_bar_t) -> &'a mut Bar {
        &mut *((*bar).plugin_data as *mut Bar)
    }

    /// The ids of the nav items of the current bar model (`PB_MODEL_NAV_BAR`: the create-time
    /// model in `init`, the screen's after each `customize_for_screen`), read through the
    /// host's model extension (plugboard/model.h).
    fn nav_item_ids(&self) -> Vec<String> {
        let (Some(model), host) = (self.model, self.host.0) else {
            return Vec::new(); // a host before ABI 1.2: no navigation buttons
        };
        let (Some(count), Some(string)) = (model.count, model.string) else {
            return Vec::new();
        };
        let items = unsafe { count(host, PB_MODEL_NAV_BAR, c"nav_items".as_ptr()) };
        (0..items)
            .filter_map(|index| {
                let path = CString::new(format!("nav_items[{index}].id")).ok()?;
                owned(unsafe { string(host, PB_MODEL_NAV_BAR, path.as_ptr()) })
            })
            .collect()
    }

    /// Asks the host for a button for every nav item of the bar model, unless the buttons
    /// already match it. The old ones are released first (the host forgets released ones).
    /// Items that make no button (label, header, ad) get PB_VIEW_NONE and are skipped.
    fn make_buttons(&mut self) {
        let ids = self.nav_item_ids();
        if self.items.as_ref() == Some(&ids) {
            return; // the same items keep their buttons (the host keeps them up to date)
        }
        self.items = Some(ids.clone());
        for button in self.buttons.drain(..) {
            self.host.release(button.view);
        }
        let Some(make) = self
            .manager
            .and_then(|manager| manager.make_navigation_button)
        else {
            return;
        };
        for item_id in ids {
            let Ok(id) = CString::new(item_id.as_str()) else {
                continue;
            };
            let view = unsafe { make(self.host.0, id.as_ptr()) };
            if view != PB_VIEW_NONE {
                self.host.add_child(self.root, view);
                self.buttons.push(NavButton { item_id, view });
            }
        }
        let names: Vec<&str> = self.buttons.iter().map(|b| b.item_id.as_str()).collect();
        self.host.log(&format!(
            "buttons: {}",
            if names.is_empty() {
                "none".to_string()
            } else {
                names.join(", ")
            }
        ));
    }

    /// Paints what the customization helper resolved for the current model: the background
    /// colour, the title's font and colour, the title shown only for presentation style
    /// `title`. (An image background or a logo would need an image view: see the helper's
    /// `background` and `logo_url`.)
    fn apply_look(&self) {
        let Some(look) = self.look else {
            return;
        };
        let host = self.host;
        let background = match look.background {
            Some(background) => unsafe { background(host.0) },
            None => pb_background_t {
                kind: PB_BACKGROUND_NONE,
                color: 0,
                image_url: ptr::null(),
            },
        };
        let color = if background.kind == PB_BACKGROUND_COLOR {
            background.color
        } else {
            0
        };
        host.set_background_color(self.root, color);
        if let Some(title_color) = look.title_color {
            let title_color = unsafe { title_color(host.0) };
            host.set_text_color(self.title, title_color);
            host.set_text_color(self.context, title_color);
        }
        if let Some(title_font) = look.title_font {
            host.set_font(self.title, unsafe { title_font(host.0) });
        }
        let presentation = match look.presentation_style {
            Some(presentation_style) => unsafe { presentation_style(host.0) },
            None => PB_PRESENTATION_TITLE,
        };
        host.set_hidden(self.title, presentation != PB_PRESENTATION_TITLE);
    }

    /// Shows the context button of `context_kind`: the model's image for it when there is one
    /// (`assets.menu_button`, `back_button`, `close_button`), else a text; hidden for none.
    fn apply_context_button(&self) {
        let host = self.host;
        let text = match self.context_kind {
            PB_CONTEXT_BUTTON_MENU => c"\u{2630}",
            PB_CONTEXT_BUTTON_BACK => c"\u{2039} Back",
            PB_CONTEXT_BUTTON_CLOSE => c"\u{2715}",
            _ => {
                host.set_hidden(self.context, true);
                return;
            }
        };
        let image = match self.look.and_then(|look| look.context_button_image_url) {
            Some(image_url) => unsafe { image_url(host.0, self.context_kind) },
            None => ptr::null(),
        };
        host.set_image_url(self.context, image);
        host.set_text(
            self.context,
            if image.is_null() {
                text.as_ptr()
            } else {
                ptr::null()
            },
        );
        host.set_hidden(self.context, false);
    }

    /// Frames the parts for the last size: the context button on the left, the navigation
    /// buttons on the right (those that would leave the title less than MIN_TITLE_WIDTH are
    /// hidden), the title in between.
    fn apply_layout(&self) {
        let host = self.host;
        let (width, height) = (self.width.max(0.0), self.height.max(0.0));
        let left = if self.context_kind == PB_CONTEXT_BUTTON_NONE {
            0.0
        } else {
            CONTEXT_WIDTH.min(width)
        };
        host.set_frame(self.context, 0.0, 0.0, left, height);
        let fitting =
            ((width - left - MIN_TITLE_WIDTH - 2.0 * PADDING) / NAV_BUTTON_WIDTH).max(0.0) as usize;
        let shown = self.buttons.len().min(fitting);
        let right = shown as f64 * NAV_BUTTON_WIDTH;
        for (index, button) in self.buttons.iter().enumerate() {
            if index < shown {
                let x = width - right + index as f64 * NAV_BUTTON_WIDTH;
                host.set_frame(button.view, x, 0.0, NAV_BUTTON_WIDTH, height);
            }
            host.set_hidden(button.view, index >= shown);
        }
        host.set_frame(
            self.title,
            left + PADDING,
            0.0,
            width - left - right - 2.0 * PADDING,
            height,
        );
    }
}

fn context_name(button: pb_context_button_t) -> &'static str {
    match button {
        PB_CONTEXT_BUTTON_MENU => "menu",
        PB_CONTEXT_BUTTON_BACK => "back",
        PB_CONTEXT_BUTTON_CLOSE => "close",
        _ => "none",
    }
}

/// The context button was tapped: tell the manager which one. It decides what happens (the
/// root's special action, a pop, a dismiss). `context` is the `Bar` given to `set_tap_action`.
unsafe extern "C" fn context_tapped(context: *mut c_void, _view: pb_view_t) {
    let b = &*(context as *const Bar);
    let pressed = match b.context_kind {
        PB_CONTEXT_BUTTON_MENU => PB_BAR_BUTTON_MENU,
        PB_CONTEXT_BUTTON_BACK => PB_BAR_BUTTON_BACK,
        PB_CONTEXT_BUTTON_CLOSE => PB_BAR_BUTTON_CLOSE,
        _ => return, // hidden: cannot be tapped
    };
    b.host.log(&format!("tap {}", context_name(b.context_kind)));
    let (host, button_pressed) = (b.host, b.manager.and_then(|manager| manager.button_pressed));
    // The manager may customize the bar again, or destroy it, during this call: the instance
    // is not touched afterwards.
    if let Some(button_pressed) = button_pressed {
        button_pressed(host.0, pressed, ptr::null());
    }
}

/// Second construction step: fetch the host extensions, build the views, make the navigation
/// buttons of the create-time model. Returning false makes the host destroy the instance and
/// fall back to its default bar.
unsafe extern "C" fn bar_init(bar: *const pb_nav_bar_t) -> bool {
    let b = Bar::of(bar);
    let host = b.host;
    b.manager = host.extension(PB_HOST_EXT_NAV_BAR);
    b.look = host.extension(PB_HOST_EXT_NAV_BAR_CUSTOMIZATION);
    b.model = host.extension(PB_HOST_EXT_MODEL); // None from a host before ABI 1.2
    if b.manager.is_none() || b.look.is_none() {
        host.log("init: plugboard.host.nav-bar and its customization helper are missing");
        return false;
    }
    b.root = host.create(PB_VIEW_CONTAINER);
    b.title = host.create(PB_VIEW_LABEL);
    b.context = host.create(PB_VIEW_BUTTON);
    if b.root == PB_VIEW_NONE || b.title == PB_VIEW_NONE || b.context == PB_VIEW_NONE {
        return false; // destroy follows and releases what was made
    }
    host.set_identifier(b.root, c"__PLUGIN_ID__");
    host.set_identifier(b.title, c"__PLUGIN_ID__:title");
    host.set_identifier(b.context, c"__PLUGIN_ID__:context");
    host.add_child(b.root, b.title);
    host.add_child(b.root, b.context);
    host.set_hidden(b.context, true); // until set_context_button says which
                                      // The context comes back in `context_tapped`; it stays valid until `destroy`.
    host.set_tap_action(
        b.context,
        Some(context_tapped),
        b as *mut Bar as *mut c_void,
    );
    b.make_buttons();
    b.apply_look();
    host.log("init");
    true
}

/// Last call: release every view the bar owns (its own and the navigation buttons) and free
/// the instance.
unsafe extern "C" fn bar_destroy(bar: *const pb_nav_bar_t) {
    let mut b = Box::from_raw((*bar).plugin_data as *mut Bar);
    b.host.log("destroy");
    for button in b.buttons.drain(..) {
        b.host.release(button.view);
    }
    // PB_VIEW_NONE when init failed before making them: `release` skips those.
    b.host.release(b.context);
    b.host.release(b.title);
    b.host.release(b.root);
}

/// The bar view: the same one every time. The host (or a root's placement extension) places
/// and sizes it.
unsafe extern "C" fn bar_view(bar: *const pb_nav_bar_t) -> pb_view_t {
    Bar::of(bar).root
}

/// The host has sized the bar view (also with the same size again): frame the parts.
unsafe extern "C" fn bar_layout(bar: *const pb_nav_bar_t, width: f64, height: f64) {
    let b = Bar::of(bar);
    b.width = width;
    b.height = height;
    b.apply_layout();
    b.host
        .log(&format!("layout {}x{}", width.round(), height.round()));
}

/// The visible screen changed. The helper and the model extension answer for its bar model
/// from now on, so the JSON arguments are not parsed here.
unsafe extern "C" fn bar_customize_for_screen(
    bar: *const pb_nav_bar_t,
    _screen_json: *const c_char,
    _nav_bar_json: *const c_char,
    _data_source_json: *const c_char,
) {
    let b = Bar::of(bar);
    // For a bar, PB_MODEL_SCREEN is the rivers.json screen as it is: `id`, `name`, `styles.…`.
    let id = match b.model.and_then(|model| model.string) {
        Some(string) => owned(string(b.host.0, PB_MODEL_SCREEN, c"id".as_ptr())),
        None => None,
    };
    b.host
        .log(&format!("customize {}", id.as_deref().unwrap_or("?")));
    b.make_buttons();
    b.apply_look();
    b.apply_context_button();
    b.apply_layout();
}

/// The title to show (the host's string, valid during the call: `set_text` copies it).
unsafe extern "C" fn bar_update_title(bar: *const pb_nav_bar_t, title: *const c_char) {
    let b = Bar::of(bar);
    b.host.set_text(b.title, title);
    b.host.log(&format!(
        "title {}",
        owned(title).as_deref().unwrap_or("(none)")
    ));
}

/// Exactly this context button, or none; called after every screen change.
unsafe extern "C" fn bar_set_context_button(bar: *const pb_nav_bar_t, button: pb_context_button_t) {
    let b = Bar::of(bar);
    b.context_kind = match button {
        PB_CONTEXT_BUTTON_MENU | PB_CONTEXT_BUTTON_BACK | PB_CONTEXT_BUTTON_CLOSE => button,
        _ => PB_CONTEXT_BUTTON_NONE,
    };
    b.apply_context_button();
    b.apply_layout();
    b.host
        .log(&format!("context {}", context_name(b.context_kind)));
}

/// No optional bar extension: NULL for every id. [any-thread]
unsafe extern "C" fn bar_get_extension(
    _bar: *const pb_nav_bar_t,
    _id: *const c_char,
) -> *const c_void {
    ptr::null()
}

// ------------------------------------------------------------------------------------------------
// Factory and entry
// ------------------------------------------------------------------------------------------------

unsafe extern "C" fn factory_count(_factory: *const pb_nav_bar_factory_t) -> u32 {
    1
}

unsafe extern "C" fn factory_descriptor(
    _factory: *const pb_nav_bar_factory_t,
    index: u32,
) -> *const pb_plugin_descriptor_t {
    if index == 0 {
        &DESCRIPTOR
    } else {
        ptr::null()
    }
}

/// First construction step: allocate the instance, nothing more. The host refuses every call
/// made from here (views, extensions and logging start in `init`). NULL for an id this library
/// does not describe (the host then falls back to its default bar).
unsafe extern "C" fn factory_create(
    _factory: *const pb_nav_bar_factory_t,
    host: *const pb_host_t,
    plugin_id: *const c_char,
    _plugin_json: *const c_char,
    _nav_bar_json: *const c_char,
) -> *const pb_nav_bar_t {
    if host.is_null() || plugin_id.is_null() || CStr::from_ptr(plugin_id) != PLUGIN_ID {
        return ptr::null();
    }
    let b = Box::into_raw(Box::new(Bar {
        bar: pb_nav_bar_t {
            desc: &DESCRIPTOR,
            plugin_data: ptr::null_mut(),
            init: Some(bar_init),
            destroy: Some(bar_destroy),
            view: Some(bar_view),
            layout: Some(bar_layout),
            customize_for_screen: Some(bar_customize_for_screen),
            update_title: Some(bar_update_title),
            set_context_button: Some(bar_set_context_button),
            get_extension: Some(bar_get_extension),
        },
        host: Host(host),
        manager: None,
        look: None,
        model: None,
        root: PB_VIEW_NONE,
        title: PB_VIEW_NONE,
        context: PB_VIEW_NONE,
        buttons: Vec::new(),
        items: None,
        context_kind: PB_CONTEXT_BUTTON_NONE,
        width: 0.0,
        height: 0.0,
    }));
    (*b).bar.plugin_data = b as *mut c_void;
    &(*b).bar
}

static FACTORY: pb_nav_bar_factory_t = pb_nav_bar_factory_t {
    count: Some(factory_count),
    get_descriptor: Some(factory_descriptor),
    create: Some(factory_create),
};

/// The library keeps no global state, so the reference-counted init and deinit have nothing to
/// count. Neither may call the host.
unsafe extern "C" fn entry_init(_info: *const pb_host_info_t) -> bool {
    true
}

unsafe extern "C" fn entry_deinit() {}

/// The navigation-bar factory; NULL for every other id.
unsafe extern "C" fn entry_get_factory(factory_id: *const c_char) -> *const c_void {
    if !factory_id.is_null() && CStr::from_ptr(factory_id) == PB_NAV_BAR_FACTORY_ID {
        &FACTORY as *const pb_nav_bar_factory_t as *const c_void
    } else {
        ptr::null()
    }
}

/// The one symbol the host looks up (plugboard/entry.h).
#[no_mangle]
pub static plugboard_entry: pb_plugin_entry_t = pb_plugin_entry_t {
    abi_version: PB_VERSION_INIT,
    init: Some(entry_init),
    deinit: Some(entry_deinit),
    get_factory: Some(entry_get_factory),
};
