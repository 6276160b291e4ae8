// SPDX-License-Identifier: EPL-2.0
package org.looptrace.bench;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.looptrace.cli.Arguments;
import org.looptrace.cli.Signals;
import org.looptrace.cli.UsageException;
import org.looptrace.lang.ModelText;
import org.looptrace.merge.MergeOptions;
import org.looptrace.merge.Merger;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.nlr.NestedLoopRecognizer;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.timeline.Drawing;
import org.looptrace.timeline.LayoutOptions;
import org.looptrace.timeline.TimeColours;
import org.looptrace.timeline.TimelineLayout;
import org.looptrace.timeline.render.SvgRenderer;
import org.looptrace.trace.generate.Pattern;
import org.looptrace.trace.generate.Patterns;

/**
 * {@code looptrace bench layout}: time of the timeline's layout and of its SVG, on models of a few
 * thousand up to N constructs: flat (messages, collectives and locals on 16 ranks, no loop), nested
 * (loops three deep, bodies of such events), and the global models of generated patterns merged
 * without folding on many ranks. Wall time and the CPU time of the thread: on a shared machine
 * the second says more.
 */
final class LayoutBench {

	private static final int RUNS = 3;

	private LayoutBench() {
	}

	static int run(List<String> args, PrintStream out, Progress progress) throws Exception {
		Arguments arguments = Arguments.parse("bench layout", args, Set.of("--constructs"), Set.of());
		arguments.positional(0, 0, "no argument besides the options");
		int largest = arguments.intValue("--constructs", 50_000, 1_000, 5_000_000);
		out.println("# looptrace bench layout --constructs " + largest + ": " + Runtime.getRuntime().availableProcessors() + " cores ("
				+ MergeBench.cpu() + "), Java " + System.getProperty("java.version"));
		out.println("| model | constructs | ranks | ticks | layout (best of 3) | layout, CPU of the thread | SVG (best of 3) | SVG size |");
		out.println("|---|---|---|---|---|---|---|---|");
		List<Integer> sizes = new ArrayList<>();
		for (int size = 2_000; size < largest; size *= 5) {
			sizes.add(size);
		}
		sizes.add(largest);
		List<String> patterns = List.of("halo", "solver");
		int[] rankCounts = { 64, 256 };
		progress.begin("bench layout", (long) RUNS * (2 * sizes.size() + patterns.size() * rankCounts.length));
		for (int size : sizes) {
			row(out, "flat", ModelText.parse(flat(size, new Random(size)), "flat.loops"), progress);
			row(out, "nested", ModelText.parse(nested(size, new Random(size)), "nested.loops"), progress);
		}
		for (String pattern : patterns) {
			for (int ranks : rankCounts) {
				row(out, pattern + " on " + ranks + " ranks, not folded", merged(Patterns.create(pattern, ranks, 10, 1)), progress);
			}
		}
		return 0;
	}

	private static void row(PrintStream out, String name, Model model, Progress progress) throws UsageException {
		long constructs = constructs(model);
		Drawing drawing = TimelineLayout.layout(model, LayoutOptions.DEFAULTS);
		double layout = Double.MAX_VALUE;
		double cpu = Double.MAX_VALUE;
		double svg = Double.MAX_VALUE;
		int bytes = 0;
		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		for (int run = 0; run < RUNS; run++) {
			// the layout takes no progress: the benchmark stops between its runs
			Signals.PROGRESS.checkCancelled();
			long start = System.nanoTime();
			long startCpu = threads.getCurrentThreadCpuTime();
			drawing = TimelineLayout.layout(model, LayoutOptions.DEFAULTS);
			layout = Math.min(layout, (System.nanoTime() - start) / 1e9);
			cpu = Math.min(cpu, (threads.getCurrentThreadCpuTime() - startCpu) / 1e9);
			start = System.nanoTime();
			bytes = SvgRenderer.render(drawing, TimeColours.NONE, Signals.PROGRESS).length();
			svg = Math.min(svg, (System.nanoTime() - start) / 1e9);
			progress.worked(1);
		}
		out.printf("| %s | %,d | %,d | %,d | %.3f s | %.3f s | %.3f s | %,d KB |%n", name, constructs, drawing.rankLines().size(),
				drawing.ticks(), layout, cpu, svg, bytes / 1024);
	}

	/** The constructs of a model, loops and events, at every depth. */
	static long constructs(Model model) {
		long count = 0;
		for (var it = model.eAllContents(); it.hasNext();) {
			if (it.next() instanceof org.looptrace.model.Construct) {
				count++;
			}
		}
		return count;
	}

	/** Event lines of a random mix on 16 ranks: a message (its send and receive), a collective part or a local; returns how many. */
	private static int event(StringBuilder text, String indent, Random random) {
		int src = random.nextInt(16);
		int dst = random.nextInt(16);
		int tag = random.nextInt(4);
		switch (random.nextInt(8)) {
		case 0 -> {
			text.append(indent).append(src).append(" sync MPI_Barrier 0-15\n");
			return 1;
		}
		case 1 -> {
			text.append(indent).append(src).append(" local call MPI_Wait\n");
			return 1;
		}
		default -> {
			text.append(indent).append(src).append(" send ").append(dst).append(" t").append(tag).append('\n');
			text.append(indent).append(src).append(" recv ").append(dst).append(" t").append(tag).append('\n');
			return 2;
		}
		}
	}

	private static String flat(int constructs, Random random) {
		StringBuilder text = new StringBuilder();
		for (int lines = 0; lines < constructs;) {
			lines += event(text, "", random);
		}
		return text.toString();
	}

	/** Loops three deep, until the model has about {@code constructs}. */
	private static String nested(int constructs, Random random) {
		StringBuilder text = new StringBuilder();
		int made = 0;
		while (made < constructs) {
			text.append("for i0 = 0 to 9\n");
			made++;
			for (int j = 0; j < 3; j++) {
				text.append("  for i1 = 0 to 4\n");
				made++;
				for (int k = 0; k < 2; k++) {
					text.append("    for i2 = 0 to 2\n");
					made++;
					for (int e = 0; e < 4; e++) {
						made += event(text, "      ", random);
					}
					text.append("    done\n");
				}
				text.append("  done\n");
			}
			text.append("done\n");
		}
		return text.toString();
	}

	private static Model merged(Pattern pattern) throws Exception {
		List<Model> locals = new ArrayList<>();
		for (int p = 0; p < pattern.ranks(); p++) {
			List<TraceEvent> events = new ArrayList<>();
			pattern.events(p).forEachRemaining(events::add);
			locals.add(NestedLoopRecognizer.model(events.iterator(), NlrOptions.DEFAULTS, Signals.PROGRESS));
		}
		return Merger.merge(locals, new MergeOptions(Runtime.getRuntime().availableProcessors(), false), Signals.PROGRESS);
	}
}
