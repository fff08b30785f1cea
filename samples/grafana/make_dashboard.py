#!/usr/bin/env python3
"""Writes perfscribe-system.json: a Grafana dashboard of the counters of perfscribe's built-in
'system' rule pack (parser/rules/packs/system.rules), read from Prometheus after
`perfscribe convert -f openmetrics` and promtool's backfill (docs/readme/fleet.md). One panel per
rule, its warning and critical limits drawn as threshold lines, the limits copied from the pack;
a `machine` variable picks the servers. Run: python3 samples/grafana/make_dashboard.py"""
import json
import os

# (title, PromQL, unit, legend, warning, critical, lower_is_worse); latency in ms as the pack's
# scale = 1000; network utilization as the pack's derived counter
SEL = 'machine=~"$machine"'
PANELS = [
    ("Processor time, all processors (%)", f'perfmon_processor_percent_processor_time{{{SEL},instance="_Total"}}', "percent", "{{machine}}", 75, 90, False),
    ("Processor time per processor (%)", f'perfmon_processor_percent_processor_time{{{SEL},instance!="_Total"}}', "percent", "{{machine}} {{instance}}", 50, 80, False),
    ("Privileged time, all processors (%)", f'perfmon_processor_percent_privileged_time{{{SEL},instance="_Total"}}', "percent", "{{machine}}", 20, 30, False),
    ("Interrupt time (%)", f'perfmon_processor_percent_interrupt_time{{{SEL}}}', "percent", "{{machine}} {{instance}}", 10, 20, False),
    ("Processor queue length (threads)", f'perfmon_system_processor_queue_length{{{SEL}}}', "short", "{{machine}}", 10, 20, False),
    ("Available memory (MB)", f'perfmon_memory_available_mbytes{{{SEL}}}', "decmbytes", "{{machine}}", 512, 100, True),
    ("Committed bytes in use (%)", f'perfmon_memory_percent_committed_bytes_in_use{{{SEL}}}', "percent", "{{machine}}", 80, 90, False),
    ("Pages/sec", f'perfmon_memory_pages_per_second{{{SEL}}}', "short", "{{machine}}", 1000, 2500, False),
    ("Paging file usage (%)", f'perfmon_paging_file_percent_usage{{{SEL}}}', "percent", "{{machine}} {{instance}}", 70, 90, False),
    ("Disk read latency (ms)", f'1000 * perfmon_logicaldisk_avg_disk_seconds_per_read{{{SEL},instance!="_Total"}}', "ms", "{{machine}} {{instance}}", 15, 25, False),
    ("Disk write latency (ms)", f'1000 * perfmon_logicaldisk_avg_disk_seconds_per_write{{{SEL},instance!="_Total"}}', "ms", "{{machine}} {{instance}}", 15, 25, False),
    ("Current disk queue length", f'perfmon_logicaldisk_current_disk_queue_length{{{SEL},instance!="_Total"}}', "short", "{{machine}} {{instance}}", 32, 64, False),
    ("Free disk space (%)", f'perfmon_logicaldisk_percent_free_space{{{SEL},instance!="_Total"}}', "percent", "{{machine}} {{instance}}", 10, 5, True),
    ("Network utilization (%)", f'perfmon_network_interface_bytes_total_per_second{{{SEL}}} * 8 / perfmon_network_interface_current_bandwidth{{{SEL}}} * 100', "percent", "{{machine}} {{instance}}", 30, 50, False),
    ("Network output queue length (packets)", f'perfmon_network_interface_output_queue_length{{{SEL}}}', "short", "{{machine}} {{instance}}", 1, 2, False),
    ("Handle count (all processes)", f'perfmon_process_handle_count{{{SEL},instance="_Total"}}', "short", "{{machine}}", None, None, False),
]


def thresholds(w, c, lower):
    if w is None:
        return {"mode": "absolute", "steps": [{"color": "green", "value": None}]}
    if lower:   # below the limits is bad
        return {"mode": "absolute", "steps": [{"color": "red", "value": None}, {"color": "orange", "value": c}, {"color": "green", "value": w}]}
    return {"mode": "absolute", "steps": [{"color": "green", "value": None}, {"color": "orange", "value": w}, {"color": "red", "value": c}]}


def panel(i, p):
    title, expr, unit, legend, w, c, lower = p
    return {
        "id": i + 1, "type": "timeseries", "title": title,
        "datasource": {"type": "prometheus", "uid": "${DS_PROMETHEUS}"},
        "gridPos": {"h": 8, "w": 12, "x": 12 * (i % 2), "y": 8 * (i // 2)},
        "fieldConfig": {"defaults": {"unit": unit, "thresholds": thresholds(w, c, lower),
                                     "custom": {"thresholdsStyle": {"mode": "line" if w is not None else "off"}}},
                        "overrides": []},
        "options": {"legend": {"displayMode": "list", "placement": "bottom"}, "tooltip": {"mode": "multi"}},
        "targets": [{"refId": "A", "expr": expr, "legendFormat": legend,
                     "datasource": {"type": "prometheus", "uid": "${DS_PROMETHEUS}"}}],
    }


dash = {
    "__inputs": [{"name": "DS_PROMETHEUS", "label": "Prometheus", "type": "datasource", "pluginId": "prometheus", "pluginName": "Prometheus"}],
    "__requires": [{"type": "datasource", "id": "prometheus", "name": "Prometheus", "version": "1.0.0"}],
    "title": "perfscribe: Windows system counters (system pack)",
    "uid": "perfscribe-system",
    "description": "PerfMon logs exported by perfscribe convert -f openmetrics and backfilled with promtool; "
                   "panels and limits from perfscribe's built-in 'system' rule pack.",
    "tags": ["perfscribe", "perfmon", "windows"],
    "schemaVersion": 36, "version": 1, "editable": True,
    "time": {"from": "now-7d", "to": "now"},
    "templating": {"list": [{
        "name": "machine", "label": "Machine", "type": "query",
        "datasource": {"type": "prometheus", "uid": "${DS_PROMETHEUS}"},
        "query": {"query": "label_values(perfmon_processor_percent_processor_time, machine)", "refId": "machine"},
        "definition": "label_values(perfmon_processor_percent_processor_time, machine)",
        "multi": True, "includeAll": True, "current": {}, "refresh": 2, "sort": 1}]},
    "panels": [panel(i, p) for i, p in enumerate(PANELS)],
}
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "perfscribe-system.json")
with open(out, "w", encoding="utf-8") as f:
    json.dump(dash, f, indent=1)
    f.write("\n")
