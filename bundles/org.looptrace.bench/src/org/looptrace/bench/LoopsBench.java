// SPDX-License-Identifier: EPL-2.0
package org.looptrace.bench;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.looptrace.cli.Arguments;
import org.looptrace.cli.LocalMethod;
import org.looptrace.cli.Signals;
import org.looptrace.cli.UsageException;
import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.merge.MergeOptions;
import org.looptrace.merge.Merger;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.nlr.NestedLoopRecognizer;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.nlr.crochemore.CrochemoreNests;
import org.looptrace.nlr.crochemore.CrochemoreNests.Construction;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.generate.Patterns;

/**
 * {@code looptrace bench loops}: the local-model methods side by side (NLR, and the greedy and
 * optimal loop nests of Xu and Subhlok). On the example folders: constructs of the local models,
 * the time to build them (every rank, one thread) and constructs of the global model merged from
 * them. On long single-rank traces (generated patterns; CG's time loop around a solver whose
 * residual ends like its body; a Fibonacci word, the string with the most repetitions, the worst
 * case of the refinement): time (best of three) and constructs.
 */
final class LoopsBench {

	private static final String[] SHAPES = { "wavefront", "solver", "halo", "masterworker", "random" };
	private static final int ROUNDS = 3;

	private LoopsBench() {
	}

	static int run(List<String> args, PrintStream out, Progress progress) throws Exception {
		Arguments arguments = Arguments.parse("bench loops", args, Set.of("--events", "--examples"), Set.of());
		arguments.positional(0, 0, "no argument besides the options");
		int events = arguments.intValue("--events", 300_000, 1_000, 100_000_000);
		Path examples = Path.of(arguments.value("--examples", System.getProperty("looptrace.home", ".") + "/examples"));
		if (!Files.isDirectory(examples)) {
			throw new UsageException("bench loops: " + examples + " is not a folder of example traces (see --examples)");
		}
		out.println("# looptrace bench loops --events " + events + " --examples " + examples);
		out.println("# " + Runtime.getRuntime().availableProcessors() + " cores (" + MergeBench.cpu() + "), Java "
				+ System.getProperty("java.version") + ", max heap " + Runtime.getRuntime().maxMemory() / (1 << 20)
				+ " MB, NLR K = " + NlrOptions.DEFAULT_MAX_BODY);
		List<Path> folders;
		try (Stream<Path> list = Files.list(examples)) {
			folders = list.filter(f -> Files.isRegularFile(f.resolve("trace.0")) && !f.endsWith("broken")).sorted().toList();
		}
		List<String> shapes = new ArrayList<>(List.of(SHAPES));
		shapes.addAll(List.of("cg", "fibonacci"));
		int methods = LocalMethod.values().length;
		progress.begin("bench loops", methods * (1L + folders.size() + ROUNDS * shapes.size()));
		for (LocalMethod method : LocalMethod.values()) {
			time(method, cg(10_000)); // warm-up
			progress.worked(1);
		}
		out.println("| example | events | method | local constructs | time (all ranks, 1 thread) | global constructs |");
		out.println("|---|---|---|---|---|---|");
		for (Path folder : folders) {
			TraceFolder traces = TraceFolder.open(folder);
			for (LocalMethod method : LocalMethod.values()) {
				long start = System.nanoTime();
				List<Model> locals = method.modelFolder(traces, NlrOptions.DEFAULTS, 1, Signals.PROGRESS);
				double seconds = (System.nanoTime() - start) / 1e9;
				long constructs = 0;
				for (Model local : locals) {
					constructs += MergeBench.constructs(ModelPrinter.print(local));
				}
				String global;
				try {
					global = String.format("%,d", MergeBench.constructs(ModelPrinter.print(
							Merger.merge(locals, new MergeOptions(1), Signals.PROGRESS))));
				} catch (InconsistentTraceException e) {
					global = "inconsistent: " + e.getMessage();
				}
				progress.worked(1);
				out.printf("| %s | %,d | %s | %,d | %.3f s | %s |%n", folder.getFileName(), events(locals),
						method.name().toLowerCase(), constructs, seconds, global);
				out.flush();
			}
		}
		out.println();
		out.println("| trace | events | method | time (best of " + ROUNDS + ") | constructs |");
		out.println("|---|---|---|---|---|");
		for (String shape : shapes) {
			List<TraceEvent> trace = switch (shape) {
			case "cg" -> cg(events);
			case "fibonacci" -> fibonacci(events);
			default -> generated(shape, events);
			};
			for (LocalMethod method : LocalMethod.values()) {
				BestOf<Model> model = BestOf.of(ROUNDS, progress, () -> time(method, trace));
				out.printf("| %s | %,d | %s | %.3f s | %,d |%n", shape, trace.size(), method.name().toLowerCase(), model.nanos() / 1e9,
						MergeBench.constructs(ModelPrinter.print(model.result())));
				out.flush();
			}
		}
		return 0;
	}

	private static Model time(LocalMethod method, List<TraceEvent> trace) {
		return switch (method) {
		case NLR -> NestedLoopRecognizer.model(trace.iterator(), NlrOptions.DEFAULTS, Signals.PROGRESS);
		case GREEDY -> CrochemoreNests.model(trace, Construction.GREEDY, Signals.PROGRESS);
		case OPTIMAL -> CrochemoreNests.model(trace, Construction.OPTIMAL, Signals.PROGRESS);
		};
	}

	private static long events(List<Model> models) {
		long events = 0;
		for (Model model : models) {
			for (var it = org.looptrace.model.core.ModelExpander.expand(model); it.hasNext(); it.next()) {
				BenchCommand.checkCancelled(events++);
			}
		}
		return events;
	}

	/** Rank 5 of the 16-rank pattern, cut to {@code events} events. */
	private static List<TraceEvent> generated(String shape, int events) {
		List<TraceEvent> trace = new ArrayList<>(events);
		var all = Patterns.create(shape, 16, events, 1).events(5);
		while (trace.size() < events && all.hasNext()) {
			trace.add(all.next());
		}
		return trace;
	}

	/**
	 * NPB CG's shape (table 3 of Xu and Subhlok): time steps of a solver loop of 25 iterations of a
	 * 4-event body (exchanges with two neighbours), each step ending with a residual (a local
	 * event) followed by the body's last two events, so that the solver's run starts inside the
	 * residual: greedy folds a rotated time loop; the optimal nest, and NLR after its second look
	 * at top-level loops (docs/LOOPS.md), the time loop itself.
	 */
	private static List<TraceEvent> cg(int events) {
		List<TraceEvent> body = List.of(TraceEvent.send(5, 4, "1"), TraceEvent.recv(4, 5, "1"), TraceEvent.send(5, 6, "1"),
				TraceEvent.recv(6, 5, "1"));
		List<TraceEvent> step = new ArrayList<>();
		for (int i = 0; i < 25; i++) {
			step.addAll(body);
		}
		step.add(TraceEvent.local(5, List.of("residual")));
		step.addAll(body.subList(2, 4));
		List<TraceEvent> trace = new ArrayList<>(events);
		while (trace.size() + step.size() <= events) {
			trace.addAll(step);
		}
		return trace;
	}

	/** The Fibonacci word over two events, cut to {@code events}: the most repetitions for its length. */
	private static List<TraceEvent> fibonacci(int events) {
		StringBuilder previous = new StringBuilder("a");
		StringBuilder word = new StringBuilder("ab");
		while (word.length() < events) {
			StringBuilder next = new StringBuilder(word).append(previous);
			previous = word;
			word = next;
		}
		List<TraceEvent> trace = new ArrayList<>(events);
		for (int i = 0; i < events; i++) {
			trace.add(TraceEvent.send(5, word.charAt(i) == 'a' ? 4 : 6, "1"));
		}
		return trace;
	}
}
