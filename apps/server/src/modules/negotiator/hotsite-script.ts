// The hotsite page's behaviour (served at NEGOTIATOR_HOTSITE_SCRIPT_PATH; plain ES5-ish JS, no build): the
// CPF/CNPJ mask, then the public calls /api/negociar/<hash>/{start,document,choose}. The visit's token lives in
// this page only (a reload starts a new visit). Texts come from the page (the negotiator's phrases) or from the
// server's answers; nothing from an answer is inserted as HTML (textContent only).

export const NEGOTIATOR_HOTSITE_SCRIPT = `(function(){
  var root=document.getElementById('negociar');if(!root)return;
  var hash=root.getAttribute('data-hash');var base='/api/negociar/'+encodeURIComponent(hash);
  var token=null;
  function $(id){return document.getElementById(id);}
  var input=$('ng-document'),docError=$('ng-document-error'),consult=$('ng-consult');
  var debtsBox=$('ng-debts'),offerList=$('ng-offer-list'),issue=$('ng-issue'),decline=$('ng-decline'),offerError=$('ng-offer-error');
  var GENERIC='Não foi possível concluir agora. Tente novamente em instantes.';

  function mask(v){
    var d=v.replace(/\\D/g,'').slice(0,14);
    if(d.length<=11){
      return d.replace(/^(\\d{3})(\\d)/,'$1.$2').replace(/^(\\d{3})\\.(\\d{3})(\\d)/,'$1.$2.$3').replace(/\\.(\\d{3})(\\d{1,2})$/,'.$1-$2');
    }
    return d.replace(/^(\\d{2})(\\d)/,'$1.$2').replace(/^(\\d{2})\\.(\\d{3})(\\d)/,'$1.$2.$3')
      .replace(/\\.(\\d{3})(\\d)/,'.$1/$2').replace(/(\\d{4})(\\d{1,2})$/,'$1-$2');
  }
  input.addEventListener('input',function(){input.value=mask(input.value);});

  function call(path,body){
    return fetch(base+path,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body||{})})
      .then(function(r){return r.json().catch(function(){return {};}).then(function(j){
        if(!r.ok)throw new Error(j&&j.message?j.message:GENERIC);return j;});});
  }
  function busy(btn,on){btn.disabled=on;btn.setAttribute('aria-busy',on?'true':'false');}
  function ensureToken(){
    if(token)return Promise.resolve(token);
    return call('/start').then(function(j){token=j.token;return token;});
  }
  function el(tag,cls,text){var e=document.createElement(tag);if(cls)e.className=cls;if(text!=null)e.textContent=text;return e;}

  function showDebts(j){
    $('ng-debts-title').textContent=j.message;
    var list=$('ng-debt-list');list.textContent='';
    var legend=offerList.querySelector('legend');offerList.textContent='';offerList.appendChild(legend);
    var count=0;
    j.debts.forEach(function(d){
      var li=el('li','ng-debt');li.appendChild(el('div','ng-debt-title',d.description));
      var meta=[d.amount,d.due_date?'vencimento '+d.due_date:''].filter(Boolean).join(' · ');
      if(meta)li.appendChild(el('div','ng-debt-meta',meta));
      list.appendChild(li);
      d.offers.forEach(function(o){
        count++;
        var label=el('label','ng-offer');var radio=document.createElement('input');
        radio.type='radio';radio.name='option';radio.value=String(o.option);
        radio.addEventListener('change',function(){issue.disabled=false;offerError.textContent='';});
        var text=el('span','ng-offer-text');text.appendChild(el('span','ng-offer-label',o.label));
        text.appendChild(el('span','ng-offer-debt',d.description));
        label.appendChild(radio);label.appendChild(text);label.appendChild(el('span','ng-offer-amount',o.price));
        offerList.appendChild(label);
      });
    });
    offerList.hidden=count===0;issue.hidden=count===0;issue.disabled=true;
    $('ng-document-form').hidden=true;debtsBox.hidden=false;
    $('ng-debts-title').focus&&$('ng-debts-title').setAttribute('tabindex','-1');$('ng-debts-title').focus();
  }

  $('ng-document-form').addEventListener('submit',function(e){
    e.preventDefault();docError.textContent='';
    var value=input.value.trim();
    if(!value){docError.textContent=input.getAttribute('data-required')||'Informe o CPF ou CNPJ.';input.focus();return;}
    busy(consult,true);
    ensureToken().then(function(){return call('/document',{token:token,document:value});}).then(function(j){
      if(j.finished)token=null;
      if(j.kind==='found')showDebts(j);else{docError.textContent=j.message;input.focus();}
    }).catch(function(err){token=null;docError.textContent=err.message||GENERIC;})
      .then(function(){busy(consult,false);});
  });

  function choose(option,btn){
    offerError.textContent='';busy(btn,true);
    return call('/choose',{token:token,option:option}).then(function(j){
      if(j.kind==='invalid'){offerError.textContent=j.message;return;}
      debtsBox.hidden=true;
      if(j.kind==='declined'){$('ng-declined-message').textContent=j.message;$('ng-declined').hidden=false;return;}
      $('ng-slip-title').textContent=j.message;
      $('ng-slip-amount').textContent=j.slip.amount;$('ng-slip-due').textContent=j.slip.due_date;
      $('ng-slip-line').textContent=j.slip.digitable_line;
      var a=$('ng-download');a.href=j.slip.pdf_url;
      $('ng-slip').hidden=false;
    }).catch(function(err){offerError.textContent=err.message||GENERIC;})
      .then(function(){busy(btn,false);if(!$('ng-slip').hidden)return;var c=offerList.querySelector('input:checked');issue.disabled=!c;});
  }
  $('ng-offer-form').addEventListener('submit',function(e){
    e.preventDefault();var c=offerList.querySelector('input:checked');
    if(!c){offerError.textContent='Escolha uma das opções.';return;}
    choose(Number(c.value),issue);
  });
  decline.addEventListener('click',function(){choose(0,decline);});

  var copy=$('ng-copy');var copyText=copy.textContent;
  copy.addEventListener('click',function(){
    var line=$('ng-slip-line').textContent;
    function done(){copy.textContent=copy.getAttribute('data-copied');setTimeout(function(){copy.textContent=copyText;},2500);}
    if(navigator.clipboard&&navigator.clipboard.writeText){navigator.clipboard.writeText(line).then(done,function(){});}
    else{var r=document.createRange();r.selectNodeContents($('ng-slip-line'));var s=window.getSelection();s.removeAllRanges();s.addRange(r);
      try{document.execCommand('copy');done();}catch(_){}}
  });
})();
`;
