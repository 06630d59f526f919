/* placeholder */ int EPG_placeholder;
