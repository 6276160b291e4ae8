// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.eclipse.xtext.linking.lazy.LazyLinkingResource;
import org.eclipse.xtext.parser.IParseResult;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;

/**
 * The resource of {@code .loops} files: after every parse the model is resolved by
 * {@link ModelResolver}, so its contents are the model the text stands for; saving writes the
 * canonical text of {@link ModelPrinter}.
 */
public class LoopsResource extends LazyLinkingResource {

	@Override
	protected void updateInternalState(IParseResult oldParseResult, IParseResult newParseResult) {
		super.updateInternalState(oldParseResult, newParseResult);
		if (newParseResult.getRootASTElement() instanceof Model model) {
			ModelResolver.resolve(model);
		}
	}

	@Override
	public void doSave(OutputStream outputStream, Map<?, ?> options) throws IOException {
		if (getContents().isEmpty() || !(getContents().get(0) instanceof Model model)) {
			throw new IOException("nothing to save: the resource " + getURI() + " holds no model");
		}
		outputStream.write(ModelPrinter.print(model).getBytes(StandardCharsets.UTF_8));
	}
}
