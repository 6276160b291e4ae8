// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** A model finds its traces: its own folder, or the folder its first comment line names. */
class TracesCommentTest {

	@Test
	void aModelInsideItsTraceFolderNeedsNoComment() {
		assertEquals("", TracesComment.line(Path.of("/runs/lu/model.loops"), Path.of("/runs/lu"), false));
		assertEquals(Path.of("/runs/lu"), TracesComment.traceFolder(Path.of("/runs/lu/model.loops"), "0 send 1 2\n"));
	}

	@Test
	void aModelElsewhereNamesItsTracesRelativeToItself() {
		String line = TracesComment.line(Path.of("/home/me/models/lu.loops"), Path.of("/runs/lu"), false);
		assertEquals("// traces: ../../../runs/lu\n", line);
		assertEquals(Path.of("/runs/lu"), TracesComment.traceFolder(Path.of("/home/me/models/lu.loops"), line + "0 send 1 2\n"));
		assertFalse(TracesComment.calls(line));
	}

	/** A model that counts an archive's regions as calls says so, even in the archive's own folder. */
	@Test
	void aModelWithCallsSaysSo() {
		String inside = TracesComment.line(Path.of("/runs/lu/model.loops"), Path.of("/runs/lu"), true);
		assertEquals("// traces: . --calls\n", inside);
		assertEquals(Path.of("/runs/lu"), TracesComment.traceFolder(Path.of("/runs/lu/model.loops"), inside));
		String elsewhere = TracesComment.line(Path.of("/models/lu.loops"), Path.of("/runs/lu/traces.otf2"), true);
		assertEquals("// traces: ../runs/lu/traces.otf2 --calls\n", elsewhere);
		assertEquals("../runs/lu/traces.otf2", TracesComment.named(elsewhere + "0 send 1 2\n").orElseThrow());
		assertEquals(Path.of("/runs/lu/traces.otf2"), TracesComment.traceFolder(Path.of("/models/lu.loops"), elsewhere));
		assertTrue(TracesComment.calls(elsewhere + "0 send 1 2\n"));
		assertTrue(TracesComment.calls("\n// traces: a b --calls  \r\n"));
		assertFalse(TracesComment.calls("// traces: run--calls\n"), "a name ending so is a name");
		assertFalse(TracesComment.calls("0 send 1 2\n// traces: run --calls\n"), "only a leading comment counts");
	}

	@Test
	void onlyALeadingCommentCounts() {
		assertEquals("a b", TracesComment.named("\n  // traces: a b  \r\nfor i0 = 0 to 1\n").orElseThrow());
		assertTrue(TracesComment.named("0 send 1 2\n// traces: x\n").isEmpty());
		assertTrue(TracesComment.named("// trace: x\n").isEmpty());
	}
}
