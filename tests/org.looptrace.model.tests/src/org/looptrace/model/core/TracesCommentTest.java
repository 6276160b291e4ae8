// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** A model finds its traces: its own folder, or the folder its first comment line names. */
class TracesCommentTest {

	@Test
	void aModelInsideItsTraceFolderNeedsNoComment() {
		assertEquals("", TracesComment.line(Path.of("/runs/lu/model.loops"), Path.of("/runs/lu")));
		assertEquals(Path.of("/runs/lu"), TracesComment.traceFolder(Path.of("/runs/lu/model.loops"), "0 send 1 2\n"));
	}

	@Test
	void aModelElsewhereNamesItsTracesRelativeToItself() {
		String line = TracesComment.line(Path.of("/home/me/models/lu.loops"), Path.of("/runs/lu"));
		assertEquals("// traces: ../../../runs/lu\n", line);
		assertEquals(Path.of("/runs/lu"), TracesComment.traceFolder(Path.of("/home/me/models/lu.loops"), line + "0 send 1 2\n"));
	}

	@Test
	void onlyALeadingCommentCounts() {
		assertEquals("a b", TracesComment.named("\n  // traces: a b  \r\nfor i0 = 0 to 1\n").orElseThrow());
		assertTrue(TracesComment.named("0 send 1 2\n// traces: x\n").isEmpty());
		assertTrue(TracesComment.named("// trace: x\n").isEmpty());
	}
}
