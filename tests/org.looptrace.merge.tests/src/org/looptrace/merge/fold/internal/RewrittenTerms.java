// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.List;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import org.eclipse.jdt.annotation.Nullable;

import org.looptrace.lang.ModelText;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.testsupport.Projection;

/** A rewriting of the terms of a small model, checked to keep every rank's events. */
final class RewrittenTerms {

	private RewrittenTerms() {
	}

	/** The model's terms read at the top level. */
	static List<Node> nodes(String text) throws Exception {
		return ModelTerms.read(List.of(ModelText.parse(text, "rewritten.loops")), Progress.NONE);
	}

	/** The model rewritten by a rule that must apply to it (null when it does not), as {@link #rewritten}. */
	static String applied(String text, Function<List<Node>, @Nullable List<Node>> rule) throws Exception {
		return rewritten(text, nodes -> {
			List<Node> result = rule.apply(nodes);
			assertNotNull(result, text);
			return result;
		});
	}

	/** The model rewritten and printed, each of ranks 0 to 3 checked to project as before. */
	static String rewritten(String text, UnaryOperator<List<Node>> rewrite) throws Exception {
		Model original = ModelText.parse(text, "rewritten.loops");
		Model model = ModelTerms.write(rewrite.apply(ModelTerms.read(List.of(original), Progress.NONE, false)));
		for (int rank = 0; rank < 4; rank++) {
			assertEquals(Projection.events(original, rank), Projection.events(model, rank), "rank " + rank);
		}
		return ModelPrinter.print(model);
	}
}
