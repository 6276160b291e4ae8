// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.common.notify.Adapter;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.looptrace.model.Block;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Local;
import org.looptrace.model.LooptracePackage;
import org.looptrace.model.Loop;
import org.looptrace.model.Message;
import org.looptrace.model.Residue;
import org.looptrace.model.Xor;
import org.looptrace.model.Symbol;
import org.looptrace.model.Value;
import org.looptrace.model.core.Exprs;

/**
 * Turns the parse tree into the model the text stands for. The grammar cannot tell a loop index from
 * a symbol (that depends on the enclosing loops) and reads an expression as one token sequence, so
 * after every parse: a bare identifier in a value position becomes a Symbol unless an enclosing
 * loop binds it, and every expression gets the constant, terms and residues of {@link Exprs#canonical}.
 * Expressions are completed in place and symbols take over the text node of the expression they
 * replace, so the node model stays consistent (formatting and positions rely on it). Idempotent:
 * it runs again on the whole model after every partial reparse in an editor.
 */
@NonNullByDefault
final class ModelResolver {

	/** Loop indices in scope, outermost first. */
	private final List<String> scope = new ArrayList<>();

	private ModelResolver() {
	}

	/** Resolves the model in place. */
	static void resolve(Block model) {
		new ModelResolver().block(model);
	}

	private void block(Block block) {
		for (Item item : List.copyOf(block.getItems())) {
			if (item instanceof Loop loop) {
				expr(loop.getLower());
				expr(loop.getUpper());
				scope.add(loop.getIndex());
				block(loop);
				scope.remove(scope.size() - 1);
			} else if (item instanceof Event event) {
				expr(event.getRank());
				if (event instanceof Message message) {
					expr(message.getPeer());
					if (message.getCommunicator() != null && message.getTag() instanceof Expr number) {
						expr(number); // a number, never a symbol, after a communicator
					} else {
						value(message.getTag());
					}
				} else if (event instanceof Local local) {
					List.copyOf(local.getWords()).forEach(this::value);
				}
			}
		}
	}

	private void value(Value value) {
		if (value instanceof Expr expr) {
			AffineText text = text(expr);
			String bareName = text == null ? null : text.bareName();
			if (bareName != null && !scope.contains(bareName)) {
				replace(expr, Exprs.symbol(bareName));
			} else {
				expr(expr);
			}
		} else if (value instanceof Symbol symbol && scope.contains(symbol.getName()) && isBare(symbol)) {
			// resolved before a loop binding the name was typed around it
			Expr expr = Exprs.affine(0, 1, symbol.getName());
			replace(symbol, expr);
		}
	}

	private void expr(@Nullable Expr expr) {
		if (expr == null) {
			return;
		}
		AffineText text = text(expr);
		if (text == null) {
			return;
		}
		List<Residue> residues = new ArrayList<>();
		for (AffineText.Residue residue : text.residues()) {
			AffineText argument = residue.argument();
			residues.add(Exprs.residue(residue.coefficient(), Exprs.canonical(argument.constant(), argument.coefficients(), scope),
					residue.modulus()));
		}
		List<Xor> xors = new ArrayList<>();
		for (AffineText.Xor xor : text.xors()) {
			AffineText argument = xor.argument();
			AffineText shift = xor.shift();
			xors.add(Exprs.xor(xor.coefficient(), Exprs.canonical(argument.constant(), argument.coefficients(), scope), xor.mask(),
					Exprs.canonical(shift.constant(), shift.coefficients(), scope)));
		}
		Expr canonical = Exprs.canonical(text.constant(), text.coefficients(), residues, xors, scope);
		if (!EcoreUtil.equals(expr, canonical)) {
			expr.setConstant(canonical.getConstant());
			expr.getTerms().clear();
			expr.getTerms().addAll(List.copyOf(canonical.getTerms()));
			expr.getResidues().clear();
			expr.getResidues().addAll(List.copyOf(canonical.getResidues()));
			expr.getXors().clear();
			expr.getXors().addAll(List.copyOf(canonical.getXors()));
		}
	}

	/** The summands of the expression's text; null after a syntax error. */
	private static @Nullable AffineText text(Expr expr) {
		List<INode> nodes = NodeModelUtils.findNodesForFeature(expr, LooptracePackage.Literals.EXPR__CONSTANT);
		if (nodes.size() != 1) {
			return null;
		}
		try {
			return AffineText.read(NodeModelUtils.getTokenText(nodes.get(0)));
		} catch (RuntimeException e) {
			return null; // out of range or incomplete: reported by the value converter or the parser
		}
	}

	/** Whether the symbol was written as an identifier, not as a string. */
	private static boolean isBare(Symbol symbol) {
		ICompositeNode node = NodeModelUtils.getNode(symbol);
		return node != null && !NodeModelUtils.getTokenText(node).startsWith("\"");
	}

	/**
	 * Puts the replacement in place of the parsed object, and moves the parsed object's text node
	 * to it so that positions (diagnostics, formatting) find the replacement's text.
	 */
	private static void replace(EObject parsed, EObject replacement) {
		for (Adapter adapter : List.copyOf(parsed.eAdapters())) {
			if (adapter instanceof ICompositeNode) {
				parsed.eAdapters().remove(adapter);
				replacement.eAdapters().add(adapter);
			}
		}
		EcoreUtil.replace(parsed, replacement);
	}
}
