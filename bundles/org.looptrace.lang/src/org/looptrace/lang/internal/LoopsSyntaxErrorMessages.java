// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal;

import java.util.ArrayList;
import java.util.List;

import org.antlr.runtime.CommonToken;
import org.antlr.runtime.EarlyExitException;
import org.antlr.runtime.MismatchedTokenException;
import org.antlr.runtime.MissingTokenException;
import org.antlr.runtime.NoViableAltException;
import org.antlr.runtime.RecognitionException;
import org.antlr.runtime.Token;
import org.antlr.runtime.TokenStream;
import org.antlr.runtime.UnwantedTokenException;
import org.eclipse.xtext.diagnostics.Diagnostic;
import org.eclipse.xtext.nodemodel.SyntaxErrorMessage;
import org.eclipse.xtext.parser.antlr.SyntaxErrorMessageProvider;
import org.looptrace.model.core.Tokens;

/**
 * Syntax errors in the words of the language: what was found and what was expected there (an
 * event kind after a rank, the end of a line, a number), instead of ANTLR's "no viable alternative".
 */
public class LoopsSyntaxErrorMessages extends SyntaxErrorMessageProvider {

	private static final String CONSTRUCT = "an event (rank send|recv|sync|local ...), a loop (for i = a to b ... done)"
			+ " or an annotation (get \"label\" {ranks}.attribute -> or <-)";

	/** The calls of expressions, whose arguments are affine. */
	private static final List<String> CALLS = List.of("mod", "xor", "pow2");

	@Override
	public SyntaxErrorMessage getSyntaxErrorMessage(IParserErrorContext context) {
		RecognitionException error = context.getRecognitionException();
		if (error == null || error.token == null) {
			return super.getSyntaxErrorMessage(context);
		}
		String found = describe(error.token);
		String[] names = context.getTokenNames();
		String message;
		String misuse = misusedCall(error);
		String communicator = communicatorBefore(error);
		String sync = syncBefore(error);
		if (misuse != null) {
			message = misuse;
		} else if (sync != null) {
			message = "unexpected " + found + " after 'sync " + sync + "': expected the ranks of the collective as in traces, without"
					+ " braces or spaces, e.g. 0-15 or 0,2,4-7";
		} else if (communicator != null) {
			message = "unexpected " + found + " after '" + communicator + ".': expected the number of the tag on communicator "
					+ communicator + ", e.g. " + communicator + ".3000 or " + communicator + ".3000+4*i0";
		} else if (error instanceof UnwantedTokenException unwanted) {
			message = "unexpected " + found + ": expected " + name(names, unwanted.expecting);
		} else if (error instanceof MismatchedTokenException mismatched && mismatched.expecting == Token.EOF) {
			// Nothing of the file's top could continue with this token: a line that starts no construct.
			message = "unexpected " + found + ": expected " + CONSTRUCT;
		} else if (error instanceof MissingTokenException missing) {
			message = "expected " + name(names, missing.expecting) + " before " + found;
		} else if (error instanceof MismatchedTokenException mismatched) {
			message = "found " + found + ", expected " + name(names, mismatched.expecting);
		} else if (error instanceof NoViableAltException || error instanceof EarlyExitException) {
			List<String> before = tokensBeforeOnItsLine(error);
			if (before.isEmpty()) {
				message = "unexpected " + found + ": expected " + CONSTRUCT;
			} else if (before.stream().allMatch(LoopsSyntaxErrorMessages::isExpressionToken) && isWord(error.token)) {
				message = "unknown event kind " + found + ": expected send, recv, sync or local after the rank";
			} else {
				message = "unexpected " + found + ": expected the end of the line";
			}
		} else {
			return super.getSyntaxErrorMessage(context);
		}
		return new SyntaxErrorMessage(message, Diagnostic.SYNTAX_DIAGNOSTIC);
	}

	/** The texts of the tokens before the offending one on its line, in order. */
	private static List<String> tokensBeforeOnItsLine(RecognitionException error) {
		List<String> before = new ArrayList<>();
		if (error.input instanceof TokenStream tokens) {
			for (int i = error.index - 1; i >= 0; i--) {
				Token previous = tokens.get(i);
				if (previous.getLine() != error.token.getLine() || "\n".equals(previous.getText())) {
					break;
				}
				if (previous.getChannel() == Token.DEFAULT_CHANNEL) {
					before.add(0, previous.getText());
				}
			}
		}
		return before;
	}

	/**
	 * What is wrong where an expression misuses {@code mod}, {@code xor}, {@code pow2} or a product: a
	 * call inside another (but {@code pow2} as a xor's mask), a coefficient after a call, an index as
	 * a factor; null elsewhere.
	 */
	private static String misusedCall(RecognitionException error) {
		String text = error.token.getText();
		List<String> before = tokensBeforeOnItsLine(error);
		String inside = openCall(before);
		boolean mask = "xor".equals(inside) && before.subList(before.lastIndexOf("xor"), before.size()).contains(",");
		if (isCall(text) && inside != null && !(text.equals("pow2") && mask)) {
			return "a " + text + "(...) inside a " + inside + "(...): " + (inside.equals("mod")
					? "the argument of mod is affine (numbers and indices, e.g. mod(2*i0+1,4))"
					: "the argument of xor and the shift of pow2 are affine (numbers and indices, e.g. xor(i0,pow2(i1+1)))");
		}
		if (!"*".equals(text) || before.isEmpty()) {
			return null;
		}
		String last = before.getLast();
		String call = before.reversed().stream().filter(LoopsSyntaxErrorMessages::isCall).findFirst().orElse(null);
		if (last.equals(")") && call != null) {
			return "unexpected '*' after a " + call + "(...): its coefficient goes before it, as in " + switch (call) {
			case "mod" -> "2*mod(i0,4)";
			case "xor" -> "2*xor(i0,1) or xor(i0,2*pow2(i1))";
			default -> "2*pow2(i1)";
			};
		}
		if (last.matches("[A-Za-z_][A-Za-z0-9_]*") && !Tokens.KEYWORDS.contains(last)) {
			return "unexpected '*' after the index " + last + ": coefficients are numbers written first, as in 2*" + last;
		}
		return null;
	}

	/** The communicator of a message's tag when the offending token follows its dot ({@code c33.}), else null. */
	private static String communicatorBefore(RecognitionException error) {
		List<String> before = tokensBeforeOnItsLine(error);
		int size = before.size();
		if (size < 2 || !before.get(size - 1).equals(".") || !(before.contains("send") || before.contains("recv"))) {
			return null;
		}
		String name = before.get(size - 2);
		return name.matches("[A-Za-z_][A-Za-z0-9_]*") ? name : null;
	}

	/**
	 * The name of the collective when the offending token stands where its ranks should be, or inside
	 * them ({@code 0 sync MPI_Barrier {0,1}}), else null.
	 */
	private static String syncBefore(RecognitionException error) {
		List<String> before = tokensBeforeOnItsLine(error);
		int sync = before.indexOf("sync");
		if (sync < 0 || sync + 1 >= before.size()) {
			return null;
		}
		List<String> group = before.subList(sync + 2, before.size());
		boolean braced = !group.isEmpty() && group.get(0).equals("{") && group.stream().allMatch(token -> token.matches("[0-9]+|[-,{]"));
		return group.isEmpty() || braced ? before.get(sync + 1) : null;
	}

	private static boolean isCall(String text) {
		return text != null && CALLS.contains(text);
	}

	/** The innermost call ({@code mod}, {@code xor} or {@code pow2}) whose parentheses the tokens end inside, or null. */
	private static String openCall(List<String> tokens) {
		List<String> open = new ArrayList<>();
		for (int i = 0; i < tokens.size(); i++) {
			if (isCall(tokens.get(i)) && i + 1 < tokens.size() && "(".equals(tokens.get(i + 1))) {
				open.add(tokens.get(i));
				i++;
			} else if (")".equals(tokens.get(i)) && !open.isEmpty()) {
				open.removeLast();
			}
		}
		return open.isEmpty() ? null : open.getLast();
	}

	/** A piece of an expression: a number, an index name, a call, an operator, a parenthesis or a comma. */
	private static boolean isExpressionToken(String text) {
		return text != null && (isCall(text) || !Tokens.KEYWORDS.contains(text))
				&& (text.matches("[A-Za-z0-9_]+") || text.length() == 1 && "+-*(),".contains(text));
	}

	private static boolean isWord(Token token) {
		String text = token.getText();
		return text != null && !text.isEmpty() && Character.isLetter(text.charAt(0));
	}

	private static String describe(Token token) {
		if (token.getType() == Token.EOF) {
			return "the end of the file";
		}
		String text = token instanceof CommonToken common ? common.getText() : token.getText();
		if (text == null || text.equals("\n") || text.equals("\r\n")) {
			return "the end of the line";
		}
		return "'" + text + "'";
	}

	/** A token type as the user knows it: a keyword in quotes, or what the terminal stands for. */
	private static String name(String[] names, int type) {
		if (type == Token.EOF) {
			return "the end of the file";
		}
		String name = names != null && type >= 0 && type < names.length ? names[type] : null;
		if (name == null) {
			return "something else";
		}
		return switch (name) {
		case "RULE_NL" -> "the end of the line";
		case "RULE_INT" -> "a number";
		case "RULE_ID" -> "a name";
		case "RULE_STRING" -> "a string in double quotes";
		default -> name;
		};
	}
}
