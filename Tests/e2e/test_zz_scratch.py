import asyncio
from conftest import codes
from test_diagnostics import HAZARDS

async def test_flicker(client):
    uri = "file:///tmp/flicker.swift"
    client.open(uri, HAZARDS)
    await client.wait_publish(uri, 1)
    await asyncio.sleep(1.0)
    for p in client.publishes(uri):
        print(p["version"], [(d["range"]["start"]["line"], d["code"], d["message"][:50]) for d in p["diagnostics"]])
    assert 0
