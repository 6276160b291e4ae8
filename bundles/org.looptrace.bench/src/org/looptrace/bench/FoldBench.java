// SPDX-License-Identifier: EPL-2.0
package org.looptrace.bench;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.looptrace.cli.Arguments;
import org.looptrace.cli.Signals;
import org.looptrace.cli.UsageException;
import org.looptrace.lang.ModelText;
import org.looptrace.merge.fold.Folding;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;

/**
 * {@code looptrace bench fold FILE.loops...}: the time folding takes on global models written
 * unfolded ({@code looptrace model --no-fold}), such as the real runs' models beside the merge's
 * tests. Each model is folded three times; the best time and the least processor time are kept,
 * with the constructs before and after.
 */
final class FoldBench {

	private static final int ROUNDS = 3;

	private FoldBench() {
	}

	static int run(List<String> args, PrintStream out, Progress progress) throws Exception {
		Arguments arguments = Arguments.parse("bench fold", args, Set.of("--threads"), Set.of());
		List<String> files = arguments.positional(1, Integer.MAX_VALUE,
				"models written unfolded (FILE.loops ...), such as tests/org.looptrace.merge.tests/real-runs/*.loops");
		int threads = arguments.intValue("--threads", Runtime.getRuntime().availableProcessors(), 1, 1024);
		out.println("# looptrace bench fold --threads " + threads + ": " + Runtime.getRuntime().availableProcessors() + " cores ("
				+ MergeBench.cpu() + "), Java " + System.getProperty("java.version") + ", load average " + ScanBench.load());
		out.println("| model | constructs | folded | time (best of " + ROUNDS + ") | processor time (least of " + ROUNDS + ") |");
		out.println("|---|---|---|---|---|");
		progress.begin("bench fold", (long) ROUNDS * files.size());
		for (String file : files) {
			Path path = Path.of(file);
			if (!Files.isRegularFile(path)) {
				throw new UsageException("bench fold: " + file + " is not a file");
			}
			Model model = ModelText.parse(Files.readString(path), file);
			BestOf<Long> fold = BestOf.of(ROUNDS, progress, () -> Folding.constructs(Folding.fold(List.of(model), threads, Signals.PROGRESS)));
			out.printf("| %s | %,d | %,d | %.3f s | %.3f s |%n", path.getFileName(), Folding.constructs(model), fold.result(),
					fold.nanos() / 1e9, fold.processorNanos() / 1e9);
			out.flush();
		}
		return 0;
	}
}
