/* placeholder */ int SideMenu_placeholder;
