// SPDX-License-Identifier: EPL-2.0
package org.looptrace.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.looptrace.analysis.diff.ModelDiff;
import org.looptrace.cli.Arguments;
import org.looptrace.cli.Signals;
import org.looptrace.cli.UsageException;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.merge.fold.Folding;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;

/**
 * {@code looptrace bench diff A.loops B.loops ...}: the time of {@code looptrace diff} on pairs of
 * models written unfolded, such as the real runs' models beside the merge's tests at two rank
 * counts: each pair compared folded (as {@code looptrace model} writes them) and as written. Each
 * comparison runs three times; the best time and the least processor time are kept, with the
 * constructs of both models and the number of differences.
 */
final class DiffBench {

	private static final int ROUNDS = 3;

	private DiffBench() {
	}

	static int run(List<String> args, PrintStream out, Progress progress) throws Exception {
		Arguments arguments = Arguments.parse("bench diff", args, Set.of(), Set.of());
		List<String> files = arguments.positional(2, Integer.MAX_VALUE,
				"pairs of models written unfolded (A.loops B.loops ...), such as tests/org.looptrace.merge.tests/real-runs/*.loops");
		if (files.size() % 2 != 0) {
			throw new UsageException("bench diff: expected pairs of models, got " + files.size() + " files");
		}
		out.println("# looptrace bench diff: " + Runtime.getRuntime().availableProcessors() + " cores (" + MergeBench.cpu() + "), Java "
				+ System.getProperty("java.version") + ", load average " + ScanBench.load());
		out.println("| A | B | models | constructs of A | constructs of B | differences | time (best of " + ROUNDS
				+ ") | processor time (least of " + ROUNDS + ") |");
		out.println("|---|---|---|---|---|---|---|---|");
		// per pair: both models folded, then both rows' rounds
		progress.begin("bench diff", (2L + 2 * ROUNDS) * files.size() / 2);
		for (int k = 0; k < files.size(); k += 2) {
			Model a = model(files.get(k));
			Model b = model(files.get(k + 1));
			String names = "| " + Path.of(files.get(k)).getFileName() + " | " + Path.of(files.get(k + 1)).getFileName();
			Model foldedA = Folding.fold(List.of(a), 1, Signals.PROGRESS);
			progress.worked(1);
			Model foldedB = Folding.fold(List.of(b), 1, Signals.PROGRESS);
			progress.worked(1);
			row(out, names + " | folded", foldedA, foldedB, progress);
			row(out, names + " | as written", a, b, progress);
		}
		return 0;
	}

	private static Model model(String file) throws IOException, UsageException {
		Path path = Path.of(file);
		if (!Files.isRegularFile(path)) {
			throw new UsageException("bench diff: " + file + " is not a file");
		}
		try {
			return ModelText.parse(Files.readString(path), file);
		} catch (ModelTextException e) {
			throw new UsageException("bench diff: " + file + " is not a valid model:\n" + e.getMessage());
		}
	}

	private static void row(PrintStream out, String names, Model a, Model b, Progress progress) {
		BestOf<Integer> diff = BestOf.of(ROUNDS, progress, () -> ModelDiff.compare(a, b, false, Signals.PROGRESS).size());
		out.printf("%s | %,d | %,d | %,d | %.3f s | %.3f s |%n", names, Folding.constructs(a), Folding.constructs(b), diff.result(),
				diff.nanos() / 1e9, diff.processorNanos() / 1e9);
		out.flush();
	}
}
