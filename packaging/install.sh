#!/bin/sh
# Install Slidecheck from this unpacked tarball for the current user, under ~/.local:
#   ./install.sh               install (or upgrade)
#   ./install.sh --uninstall   remove everything it installed
# PREFIX=/some/where ./install.sh installs under another prefix (root needs no special case).
set -eu

APP_ID=io.github.slidecheck.Slidecheck
PREFIX="${PREFIX:-$HOME/.local}"
HERE="$(cd "$(dirname "$0")" && pwd)"

APP_DIR="$PREFIX/lib/slidecheck"
BIN_LINK="$PREFIX/bin/slidecheck"
SHARE="$PREFIX/share"
DESKTOP="$SHARE/applications/$APP_ID.desktop"
METAINFO="$SHARE/metainfo/$APP_ID.metainfo.xml"
ICONS="$SHARE/icons/hicolor"

refresh_caches() {
    # Menus and icon themes pick the change up sooner with these; neither is required.
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$SHARE/applications" 2>/dev/null || true
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$ICONS/index.theme" ]; then
        gtk-update-icon-cache -q -t "$ICONS" 2>/dev/null || true
    fi
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -rf "$APP_DIR"
    rm -f "$BIN_LINK" "$DESKTOP" "$METAINFO"
    for icon in "$ICONS"/*/apps/"$APP_ID".png "$ICONS"/scalable/apps/"$APP_ID".svg; do
        rm -f "$icon"
    done
    refresh_caches
    echo "Slidecheck removed from $PREFIX"
    exit 0
fi
if [ $# -gt 0 ]; then
    echo "usage: $0 [--uninstall]" >&2
    exit 2
fi

mkdir -p "$PREFIX/lib" "$PREFIX/bin" "$SHARE/applications" "$SHARE/metainfo" "$ICONS"
# Replace, never merge: files left from an older version could shadow the new ones.
rm -rf "$APP_DIR"
cp -R "$HERE/slidecheck" "$APP_DIR"
ln -sf "$APP_DIR/slidecheck" "$BIN_LINK"
# An absolute Exec path, so the menu entry works even where ~/.local/bin is not on PATH.
sed "s|^Exec=slidecheck |Exec=\"$APP_DIR/slidecheck\" |" \
    "$HERE/share/applications/$APP_ID.desktop" > "$DESKTOP"
cp "$HERE/share/metainfo/$APP_ID.metainfo.xml" "$METAINFO"
cp -R "$HERE/share/icons/hicolor/." "$ICONS/"
refresh_caches

echo "Slidecheck installed in $APP_DIR"
echo "  command: $BIN_LINK (make sure $PREFIX/bin is on your PATH)"
echo "  menu entry: $DESKTOP"
