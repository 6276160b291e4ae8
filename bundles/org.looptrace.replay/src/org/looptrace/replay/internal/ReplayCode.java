// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.internal;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Annotation;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Local;
import org.looptrace.model.Loop;
import org.looptrace.model.Recv;
import org.looptrace.model.Send;
import org.looptrace.model.Symbol;
import org.looptrace.model.Sync;
import org.looptrace.model.Value;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.RankSet;
import org.looptrace.scanner.internal.ScannerCode;

/**
 * The C text of a model's constructs, for the body of the replay's {@code main}: a loop as a
 * {@code for} over 64-bit indices, an event as a call made by the rank that owns it, each with a
 * comment naming the construct by its outline path and giving its model text. Expressions are
 * printed as the model prints them ({@link Exprs#toText}), which is C once {@code mod}, {@code xor}
 * and {@code pow2} are functions.
 */
public final class ReplayCode {

	private final ReplayFacts facts;
	private final DataTables data;
	private final StringBuilder code = new StringBuilder();
	private int depth = 1;

	private ReplayCode(ReplayFacts facts, DataTables data) {
		this.facts = facts;
		this.data = data;
	}

	/** The statements of the model's body. */
	public static String body(Block model, ReplayFacts facts, DataTables data) {
		ReplayCode code = new ReplayCode(facts, data);
		code.items(model, "");
		return code.code.toString();
	}

	/** The statements that build the communicators of the groups, at the start. */
	public static String groupSetup(ReplayFacts facts) {
		StringBuilder setup = new StringBuilder();
		RankSet world = RankSet.range(0, facts.ranks() - 1);
		facts.groups().forEach((group, index) -> {
			if (group.equals(world)) {
				setup.append("\tlt_comm[").append(index).append("] = MPI_COMM_WORLD; /* ").append(group).append(" */\n");
			} else {
				setup.append("\tlt_group(").append(index).append(", ").append(membership(group)).append("); /* ").append(group)
						.append(" */\n");
			}
		});
		return setup.toString();
	}

	/** Whether {@code lt_rank} is in the group, as a C condition over its runs of ranks. */
	private static String membership(RankSet group) {
		List<String> runs = new ArrayList<>();
		for (String run : group.toString().split(",")) {
			int dash = run.indexOf('-');
			runs.add(dash < 0 ? "lt_rank == " + run : "(lt_rank >= " + run.substring(0, dash) + " && lt_rank <= " + run.substring(dash + 1) + ")");
		}
		return String.join(" || ", runs);
	}

	private void line(String text) {
		code.append("\t".repeat(depth)).append(text).append('\n');
	}

	/**
	 * The statements of a block's items; {@code prefix}: the block's construct path and a dot, empty
	 * for the model. Paths are counted here, as {@link ConstructPath} names them, not asked of each
	 * construct: that walks its siblings, quadratic in a model of 10^5 top-level constructs.
	 */
	private void items(Block block, String prefix) {
		int position = 0;
		for (Item item : block.getItems()) {
			String path = prefix + (item instanceof Construct ? ++position : position);
			if (item instanceof Loop loop) {
				String index = loop.getIndex();
				line("/* " + path + ": for " + index + " = " + Exprs.toText(loop.getLower()) + " to "
						+ Exprs.toText(loop.getUpper()) + " */");
				line("for (long long " + index + " = " + c(loop.getLower()) + "; " + index + " <= " + c(loop.getUpper()) + "; " + index
						+ "++) {");
				depth++;
				items(loop, path + ".");
				depth--;
				line("}");
			} else if (item instanceof Event event) {
				event(event, path);
			} else if (item instanceof Annotation annotation) {
				line("/* get " + comment(annotation.getLabel()) + ": read by the scanner, nothing to replay */");
			}
		}
	}

	private void event(Event event, String path) {
		line("/* " + path + ": " + comment(ModelPrinter.print(event)) + " */");
		String owner = c(event instanceof Recv recv ? recv.getPeer() : event.getRank());
		String call;
		if (event instanceof Send send) {
			call = "lt_send(" + c(send.getPeer()) + ", " + facts.tag(send) + ", " + data.size(event) + ");";
		} else if (event instanceof Recv recv) {
			call = "lt_recv(" + c(recv.getRank()) + ", " + facts.tag(recv) + ");";
		} else if (event instanceof Sync sync) {
			Integer group = facts.groups().get(sync.getGroup());
			call = Collectives.call(sync.getName(), group == null ? 0 : group, data.size(event));
		} else {
			call = local((Local) event);
		}
		@Nullable
		String gap = data.gap(event);
		String compute = gap == null ? "" : "lt_compute(" + gap + "); ";
		line("if (lt_rank == " + owner + ") {");
		line("\t" + compute + call);
		line("}");
	}

	/** A local event: its words, numbers printed from the indices. */
	private static String local(Local local) {
		StringBuilder format = new StringBuilder();
		StringBuilder arguments = new StringBuilder();
		for (Value word : local.getWords()) {
			format.append(format.isEmpty() ? "" : " ");
			if (word instanceof Symbol symbol) {
				format.append(symbol.getName().replace("%", "%%"));
			} else if (Exprs.isConstant((Expr) word)) {
				format.append(((Expr) word).getConstant());
			} else {
				format.append("%lld");
				arguments.append(", (long long) (").append(Exprs.toText((Expr) word)).append(')');
			}
		}
		if (arguments.isEmpty()) {
			return "lt_local(" + ScannerCode.cLiteral(format.toString().replace("%%", "%")) + ");";
		}
		return "char lt_words[1024]; snprintf(lt_words, sizeof lt_words, " + ScannerCode.cLiteral(format.toString()) + arguments
				+ "); lt_local(lt_words);";
	}

	/** An expression as C: the model's text in parentheses, {@code mod}, {@code xor} and {@code pow2} being the program's functions. */
	private static String c(Expr expr) {
		String text = Exprs.toText(expr);
		return Exprs.isConstant(expr) ? text : "(" + text + ")";
	}

	/** Text inside a C comment: nothing that would close it. */
	private static String comment(String text) {
		return text.replace("*/", "* /");
	}
}
