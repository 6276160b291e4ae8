// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal.formatting2;

import java.util.List;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.looptrace.model.Block;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.LooptraceFactory;
import org.looptrace.model.Model;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.ModelPrinter;

/**
 * The canonical text of one line of a model, as {@link ModelPrinter} prints it inside loops of the
 * given indices (which decide what is quoted), without indentation or line end. The printer is the
 * only spelling of model text: the item is printed inside a nest of loops of the same indices and
 * its line cut out.
 */
final class CanonicalLines {

	private CanonicalLines() {
	}

	/** The line of an event or annotation, or the header line of a loop. */
	static String of(Item item, List<String> scope) {
		Model nest = LooptraceFactory.eINSTANCE.createModel();
		Block inner = nest;
		for (String index : scope) {
			Loop loop = LooptraceFactory.eINSTANCE.createLoop();
			loop.setIndex(index);
			loop.setLower(Exprs.constant(0));
			loop.setUpper(Exprs.constant(0));
			inner.getItems().add(loop);
			inner = loop;
		}
		if (item instanceof Loop loop) {
			Loop header = LooptraceFactory.eINSTANCE.createLoop();
			header.setIndex(loop.getIndex());
			header.setLower(EcoreUtil.copy(loop.getLower()));
			header.setUpper(EcoreUtil.copy(loop.getUpper()));
			inner.getItems().add(header);
		} else {
			inner.getItems().add(EcoreUtil.copy(item));
		}
		String text = ModelPrinter.print(nest);
		// Loop headers have no strings, hence no line break inside: the item starts after the
		// scope's headers and its indentation.
		int start = 0;
		for (int i = 0; i < scope.size(); i++) {
			start = text.indexOf('\n', start) + 1;
		}
		start += 2 * scope.size();
		if (item instanceof Loop) {
			return text.substring(start, text.indexOf('\n', start));
		}
		// An event or annotation may hold a string with line breaks: cut the closing "done" lines.
		int closing = 0;
		for (int depth = 0; depth < scope.size(); depth++) {
			closing += 2 * depth + "done\n".length();
		}
		return text.substring(start, text.length() - closing - 1);
	}
}
