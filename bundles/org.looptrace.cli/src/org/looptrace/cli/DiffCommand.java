// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.analysis.diff.Difference;
import org.looptrace.analysis.diff.ModelDiff;
import org.looptrace.analysis.diff.Place;
import org.looptrace.lang.LocatedModel;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.model.Construct;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.scanner.ScanRecord;

/** {@code looptrace diff}: the differences between two models, for regression checks of communication. */
public final class DiffCommand implements Command {

	@Override
	public String name() {
		return "diff";
	}

	@Override
	public String summary() {
		return "the differences in communication between two models; exit 1 when they differ";
	}

	@Override
	public String help() {
		return """
				usage: looptrace diff <A.loops | trace folder> <B.loops | trace folder> [--ignore-counts] [--csv] [--calls]

				Compares two models and prints one line per difference, naming the construct in A
				and in B by path (as the outline numbers them: 3.2 is the second construct in the
				body of the third top-level construct) and line, and what changed; a construct of
				one model only is named in the other by the line before which it would be inserted
				there (`removed A 3.2 line 14, B before line 9: ...`):
				  removed   a construct of A only          added     a construct of B only
				  bounds    a loop's bounds (its count)    ranks     an event's rank, peer or group
				  changed   an event's tag, communicator, collective or local words
				  channels  pairs of ranks that talk in one model only (the difference of the
				            communication matrices; a single line when A and B run on other ranks)
				  wrapped   a run of A's constructs is a loop of B, its iterations written out
				            (unwrapped: the other way round)
				  split     a loop of A is loops of B over consecutive parts of its iterations
				            (joined: the other way round)
				  peeled    a loop of A is in B a loop over part of its iterations, its first or
				            last iterations written out beside it (unpeeled: the other way round)
				A run of constructs is named by the paths and lines of its first and last
				(`split A 5 line 5, B 2-3 lines 5-10: 0 to 9 against 0 to 4, 5 to 9`); a run is
				only reported so when the rewritten form runs exactly the other model's constructs.
				Constructs are aligned as a diff of sequences, then those that differ least are
				paired: a loop whose bounds and part of its body changed stays one loop, with
				its differences inside. Loop indices are compared by depth, not name; the pairs
				are the same whichever model is A. Models of one code at other rank counts
				(folded over the ranks) align construct by construct, with other bounds and ranks.
				A trace folder is modelled first, as by `looptrace model`; its lines are those of
				the model that command prints.

				Exit status: 0 when the models are equal (nothing printed), 1 when they differ,
				2 on bad input.

				options:
				  --ignore-counts  compare structure only: leave out loop bounds (runs of one code at
				                   other problem sizes compare equal)
				  --csv            rows kind,a_path,a_line,b_path,b_line,what,insert_line; insert_line:
				                   for a construct of one model only, the line of the other model
				                   before which it would be inserted (B's for removed, A's for added);
				                   a run of constructs has first-last in its path and line cells

				example:
				  looptrace diff before.loops after.loops --ignore-counts
				""" + TraceInput.HELP;
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		Arguments arguments = Arguments.parse(name(), args, Set.of(), Set.of("--ignore-counts", "--csv", TraceInput.CALLS));
		List<String> inputs = arguments.positional(2, 2, "two models or trace folders");
		Path a = Arguments.existing(name(), inputs.get(0));
		Path b = Arguments.existing(name(), inputs.get(1));
		boolean calls = arguments.flag(TraceInput.CALLS);
		if (!TraceInput.isArchive(b)) {
			TraceInput.checkCalls(name(), a, calls); // --calls applies to the archives among the two: one is enough
		}
		Side left = load(a, calls, err);
		Side right = load(b, calls, err);
		List<Difference> differences;
		try {
			differences = ModelDiff.compare(left.located().model(), right.located().model(), arguments.flag("--ignore-counts"), Signals.PROGRESS);
		} catch (IllegalArgumentException | IllegalStateException | ArithmeticException e) {
			throw new UsageException(name() + ": " + inputs.get(0) + ", " + inputs.get(1) + ": " + e.getMessage());
		}
		boolean csv = arguments.flag("--csv");
		if (csv && !differences.isEmpty()) {
			out.println("kind,a_path,a_line,b_path,b_line,what,insert_line");
		}
		for (Difference difference : differences) {
			out.println(csv ? csvRow(difference, left, right) : line(difference, left, right));
		}
		return differences.isEmpty() ? 0 : 1;
	}

	/**
	 * One of the two models with the lines of its text.
	 *
	 * @param located the model with the line of each construct
	 * @param end     the line past the end of its text, where a construct goes in a model without any
	 */
	private record Side(LocatedModel located, int end) {

		/** The line of this model before which a construct of the other model only would be inserted. */
		int line(Place place) {
			return place.line(located::line, located::lastLine, end);
		}
	}

	/**
	 * A model file with the lines of its constructs; a trace folder (or an archive's, with its regions
	 * as calls if asked) modelled, with the lines of its printed model.
	 */
	private Side load(Path given, boolean calls, PrintStream err) throws IOException, UsageException {
		Path input = TraceInput.isArchive(given) ? TraceInput.folder(name(), given, calls, err) : given;
		String text = Files.isDirectory(input) ? ModelText.print(ModelInput.load(name(), given, input)) : Arguments.readText(name(), input);
		try {
			return new Side(ModelText.parseLocated(text, given.toString()), (int) text.lines().count() + 1);
		} catch (ModelTextException e) {
			throw new UsageException(name() + ": " + given + " is not a valid model:\n" + e.getMessage());
		}
	}

	/**
	 * {@code kind A path line L, B path line L: what}, naming only the sides the difference is in, and
	 * {@code before line L} on the side without the construct of one model only.
	 */
	private static String line(Difference difference, Side left, Side right) {
		StringBuilder line = new StringBuilder(difference.kind().label());
		String a = where("A", difference.left(), difference.leftLast(), left, difference.place());
		String b = where("B", difference.right(), difference.rightLast(), right, difference.place());
		line.append(a.isEmpty() ? "" : " " + a).append(!a.isEmpty() && !b.isEmpty() ? "," : "").append(b.isEmpty() ? "" : " " + b);
		return line.append(": ").append(difference.what()).toString();
	}

	/**
	 * A side's construct by path and line, or its run of constructs by paths and lines; else where a
	 * construct of the other side only would be in it; else nothing.
	 */
	private static String where(String side, @Nullable Construct construct, @Nullable Construct last, Side model, @Nullable Place place) {
		if (construct != null) {
			return side + " " + paths(construct, last) + (last == construct ? " line " : " lines ") + lines(construct, last, model);
		}
		return place == null ? "" : side + " before line " + model.line(place);
	}

	private static String csvRow(Difference difference, Side left, Side right) {
		Place place = difference.place();
		String insertLine = place == null ? "" : Integer.toString(difference.left() == null ? left.line(place) : right.line(place));
		return difference.kind().label() + "," + cells(difference.left(), difference.leftLast(), left) + ","
				+ cells(difference.right(), difference.rightLast(), right) + ","
				+ ScanRecord.csvField(difference.what()) + "," + insertLine;
	}

	private static String cells(@Nullable Construct construct, @Nullable Construct last, Side model) {
		return construct == null ? "," : paths(construct, last) + "," + lines(construct, last, model);
	}

	/** A construct's path; for a run of constructs, {@code first-last}. */
	private static String paths(Construct construct, @Nullable Construct last) {
		return last == null || last == construct ? ConstructPath.of(construct) : ConstructPath.of(construct) + "-" + ConstructPath.of(last);
	}

	/** A construct's line; for a run of constructs, from the first line of the first to the last line of the last. */
	private static String lines(Construct construct, @Nullable Construct last, Side model) {
		int line = model.located().line(construct);
		return last == null || last == construct ? Integer.toString(line) : line + "-" + model.located().lastLine(last);
	}
}
