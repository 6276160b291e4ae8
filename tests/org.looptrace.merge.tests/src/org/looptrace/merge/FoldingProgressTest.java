// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.Test;
import org.looptrace.merge.fold.Folding;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.testsupport.GeneratedPatterns;
import org.looptrace.trace.generate.Patterns;

/**
 * Folding shows that it goes on: it begins a task naming the model's size, of unknown length, and
 * reports its steps of recognition as it makes them, at least one per construct (each is pushed
 * once at least); a cancel among those reports stops it.
 */
class FoldingProgressTest {

	private static final Pattern TASK = Pattern.compile("Folding a model of ([\\d,.\\u00a0\\u202f]+) constructs; steps of recognition");

	@Test
	void foldingReportsItsStepsOnEveryPattern() throws Exception {
		for (String name : Patterns.ALL) {
			for (int ranks : new int[] { 3, 8, 16 }) {
				List<Model> locals = PropertiesTest.locals(PropertiesTest.traces(GeneratedPatterns.create(name, ranks, 6, ranks)), null);
				Recording progress = new Recording(Long.MAX_VALUE);
				Folding.fold(locals, 2, progress);
				String where = name + " on " + ranks + " ranks";
				assertEquals(1, progress.tasks.size(), where + ": " + progress.tasks);
				Matcher task = TASK.matcher(progress.tasks.get(0));
				assertTrue(task.matches(), where + ": " + progress.tasks.get(0));
				assertEquals(-1, progress.totals.get(0), where);
				long constructs = Long.parseLong(task.group(1).replaceAll("\\D", ""));
				assertTrue(progress.work >= constructs, where + ": " + progress.work + " steps for " + constructs + " constructs");
			}
		}
	}

	@Test
	void aCancelAmongTheReportsStopsTheFolding() throws Exception {
		List<Model> locals = PropertiesTest.locals(PropertiesTest.traces(GeneratedPatterns.create("solver", 16, 8, 16)), null);
		Recording all = new Recording(Long.MAX_VALUE);
		Folding.fold(locals, 1, all);
		for (long at : new long[] { 1, all.work / 2, all.work - 1 }) {
			assertThrows(CancellationException.class, () -> Folding.fold(locals, 1, new Recording(at)), "cancelled after " + at + " steps");
		}
	}

	/** Records the tasks begun and the work reported; cancelled once {@code cancelAt} steps are reported. */
	private static final class Recording implements Progress {
		final List<String> tasks = new ArrayList<>();
		final List<Long> totals = new ArrayList<>();
		final long cancelAt;
		long work;

		Recording(long cancelAt) {
			this.cancelAt = cancelAt;
		}

		@Override
		public synchronized void begin(@Nullable String task, long totalWork) {
			tasks.add(String.valueOf(task));
			totals.add(totalWork);
		}

		@Override
		public synchronized void worked(long units) {
			work += units;
		}

		@Override
		public synchronized boolean isCancelled() {
			return work >= cancelAt;
		}
	}
}
