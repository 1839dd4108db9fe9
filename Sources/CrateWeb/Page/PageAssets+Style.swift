extension PageAssets {
    /// Phone first: a wall of covers three across, more on a wider screen.
    static let style = #"""
:root { color-scheme: dark; --bg: #111; --fg: #eee; --dim: #999; --accent: #e8a33c; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.4 system-ui, sans-serif; }
nav#tabs { position: sticky; top: 0; z-index: 2; display: flex; background: #000; }
nav#tabs button { flex: 1; padding: 12px 4px; background: none; color: var(--dim); border: 0; font-size: 15px; }
nav#tabs button.on { color: var(--accent); border-bottom: 2px solid var(--accent); }
main { padding: 8px; max-width: 1400px; margin: 0 auto; }
.row { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; align-items: center; }
button, select, input { background: #222; color: var(--fg); border: 1px solid #333; border-radius: 6px; padding: 7px 10px; font-size: 14px; }
button.on { border-color: var(--accent); color: var(--accent); }
.note { color: var(--dim); font-size: 13px; margin: 4px 0; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(104px, 1fr)); gap: 8px; }
@media (min-width: 800px) { .grid { grid-template-columns: repeat(auto-fill, minmax(160px, 1fr)); } }
.cover { position: relative; padding: 0; border: 0; background: none; text-align: left; }
.cover img { width: 100%; aspect-ratio: 1; object-fit: cover; display: block; background: #333; border-radius: 4px; }
.cover.playing img { outline: 3px solid var(--accent); }
.cover.knob img { outline: 3px dashed #fff; }
.cover .t { display: block; font-size: 12px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.cover .a { display: block; font-size: 11px; color: var(--dim); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.cover .more { position: absolute; top: 4px; right: 4px; padding: 2px 7px; background: #000a; border-radius: 10px; font-size: 13px; }
.end { min-height: 40px; color: var(--dim); font-size: 13px; text-align: center; }
#banner { position: sticky; top: 0; z-index: 3; background: #a33; color: #fff; padding: 8px; text-align: center; }
#toast { position: fixed; bottom: 12px; left: 12px; right: 12px; background: #333; padding: 10px; border-radius: 6px; }
#np-cover, #album-cover { width: min(100%, 360px); aspect-ratio: 1; object-fit: cover; background: #333; border-radius: 6px; }
#album-cover { width: 140px; }
.album-head { display: flex; gap: 12px; align-items: flex-start; margin: 8px 0; }
progress { width: min(100%, 360px); }
.transport button { font-size: 22px; min-width: 52px; }
ol { padding-left: 24px; }
#album-tracks li { padding: 6px 0; border-bottom: 1px solid #222; cursor: pointer; }
#album-tracks li span { float: right; color: var(--dim); }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; }
dt { color: var(--dim); }
dd { margin: 0; }
.pin { font-size: 32px; letter-spacing: 6px; }
form#login { position: fixed; inset: 0; background: var(--bg); padding: 40px 20px; display: flex; flex-direction: column; gap: 10px; max-width: 400px; margin: 0 auto; }
[hidden] { display: none !important; }
"""#
}
