"""The engine's worker keeps a memory snapshot of Pyodide with the engine imported: the
first start makes it, the next starts restore it (and still play), and a snapshot that
cannot be restored is replaced by a start as without one, with no error."""

from playwright.sync_api import Page

from tycoon_page import Table

SNAPSHOT_CACHE = "tycoon-table-engine-snapshot"  # web/worker/boot.mjs, service-worker.js


def stored_snapshots(page: Page) -> list[tuple[str, int]]:
    """(key, bytes) of each snapshot kept, once the worker has stored one."""
    for _ in range(480):  # the snapshot is made beside the engine: a Pyodide start
        kept = page.evaluate(f"""async () => {{
            const cache = await caches.open({SNAPSHOT_CACHE!r});
            return Promise.all((await cache.keys()).map(async (request) =>
                [request.url, (await (await cache.match(request)).arrayBuffer()).byteLength]));
        }}""")
        if kept:
            return [(str(key), int(size)) for key, size in kept]
        page.wait_for_timeout(250)
    return []


def restored(page: Page) -> bool:
    """Whether the page's engine worker started from the snapshot."""
    marks = [worker.evaluate("performance.getEntriesByName('engine-restored').length")
             for worker in page.workers]
    return any(marks)


def test_the_engine_starts_from_its_snapshot_and_replaces_a_bad_one(table: Table):
    table.open()
    table.wait_for_engine()
    assert not restored(table.page)  # a first start: Pyodide starts anew
    [(key, size)] = stored_snapshots(table.page)
    assert "/engine-snapshot/" in key and size > 10_000_000  # Pyodide's whole memory

    table.page.reload()
    table.wait_for_engine()
    assert restored(table.page)
    table.choose(players=3, rounds=1)
    table.deal()
    table.wait_for_my_turn()  # the restored engine deals and its bots play

    # A damaged snapshot: the next start does without it, and keeps a good one again.
    table.page.evaluate("""async ([name, key]) => {
        await (await caches.open(name)).put(key, new Response("not a snapshot"));
    }""", [SNAPSHOT_CACHE, key])
    table.page.reload()
    table.wait_for_engine()
    assert not restored(table.page)
    table.wait_for_my_turn()  # the saved game resumed
    [(again, size)] = stored_snapshots(table.page)
    assert again == key and size > 10_000_000
